import { MEDIA_KIT_TEMPLATES } from '../../services/media-kits';
import { anySubject, operation } from '../../trpc/operation';
import { apiProcedure } from '../../trpc/procedures';
import { listMediaKitTemplatesExamples, listTemplatesInput, listTemplatesOutput } from './list.schema';

export const listMediaKitTemplates = apiProcedure
  .meta(operation('GET /media-kit-templates', {
    tag: 'Media kits',
    summary: 'List media kit templates',
    description: 'The built-in templates a kit can use (`template` on create and update). A short, fixed list: not paginated.',
    examples: listMediaKitTemplatesExamples,
    access: anySubject('media_kits:read'),
  }))
  .input(listTemplatesInput)
  .output(listTemplatesOutput)
  .query(() => ({ data: MEDIA_KIT_TEMPLATES.map((t) => ({ ...t, sections: [...t.sections] })) }));
