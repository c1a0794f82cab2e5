import { MEDIA_KIT_TEMPLATES } from '../../services/media-kits';
import { apiProcedure } from '../../trpc/procedures';
import { listMediaKitTemplatesExamples, listTemplatesInput, listTemplatesOutput } from './list.schema';

export const listMediaKitTemplates = apiProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/media-kit-templates',
      tags: ['Media kits'],
      summary: 'List media kit templates',
      description: 'The built-in templates a kit can use (`template` on create and update). A short, fixed list: not paginated.',
    },
    examples: listMediaKitTemplatesExamples,
    access: { agency: 'media_kits:read', creator: 'media_kits:read' },
  })
  .input(listTemplatesInput)
  .output(listTemplatesOutput)
  .query(() => ({ data: MEDIA_KIT_TEMPLATES.map((t) => ({ ...t, sections: [...t.sections] })) }));
