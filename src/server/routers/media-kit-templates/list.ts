import { MEDIA_KIT_TEMPLATES } from '../../services/media-kits';
import { listMediaKitTemplatesContract } from './list.schema';
import { mediaKitsSection } from '../sections';

export const listMediaKitTemplates = mediaKitsSection.operation('GET /media-kit-templates', listMediaKitTemplatesContract, {
  summary: 'List media kit templates',
  description: 'The built-in templates a kit can use (`template` on create and update). A short, fixed list: not paginated.',
}).query(() => ({ data: MEDIA_KIT_TEMPLATES.map((t) => ({ ...t, sections: [...t.sections] })) }));
