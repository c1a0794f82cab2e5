'use client';

import { IDLE, type FormState } from '@/server/web/form-state';
import { BlockOrder } from './block-order';
import { FormMessage, SubmitRow, TextField } from './fields';
import { SaveState, useEditorForm } from './unsaved-changes';
import { useActionForm } from './use-action-form';

export interface EditableBlock {
  id: string;
  type: 'link' | 'title' | 'text' | 'image';
  title: string | null;
  url: string | null;
  mediaUrl: string | null;
  visible: boolean;
  order: number;
  /** Outbound clicks counted on the public page. */
  clicks: number;
}

type SaveAction = (previous: FormState, formData: FormData) => Promise<FormState>;

const TYPE_LABELS = { link: 'Link', title: 'Heading', text: 'Text', image: 'Image' } as const;

/** One existing block's text and link (its place and visibility are the row's buttons). Blocks are hidden, never deleted. */
function BlockForm({ block, action }: { block: EditableBlock; action: SaveAction }) {
  const { state, formAction, pending, onSubmit, ref, dirty } = useEditorForm(action, IDLE);
  const id = `block-${block.id}`;
  const name = block.title ?? block.url ?? block.mediaUrl ?? TYPE_LABELS[block.type];
  return (
    <form ref={ref} action={formAction} onSubmit={onSubmit} className="form block-form" noValidate aria-label={`${TYPE_LABELS[block.type]} block: ${name}`}>
      <SaveState dirty={dirty} pending={pending} />
      <FormMessage state={state} />
      <input type="hidden" name="block_id" value={block.id} />
      <div className="editor-grid">
        <TextField idPrefix={id} label={block.type === 'text' ? 'Text' : block.type === 'image' ? 'Caption' : 'Title'} name="title" state={state} initial={block.title ?? ''} maxLength={block.type === 'text' ? 1000 : 100} />
        {block.type !== 'title' && block.type !== 'text' && (
          <TextField idPrefix={id} label="URL" name="url" type="text" inputMode="url" hint="https:// is added when you leave it out." state={state} initial={block.url ?? ''} spellCheck={false} autoCapitalize="none" />
        )}
      </div>
      <SubmitRow label="Save block" busyLabel="Saving…" pending={pending} />
    </form>
  );
}

/** Adds a link, heading or text block. `clientId` is minted per render: a resubmission adds nothing twice. */
function NewBlockForm({ clientId, action }: { clientId: string; action: SaveAction }) {
  const { state, formAction, pending, onSubmit } = useActionForm(action, IDLE);
  return (
    <form action={formAction} onSubmit={onSubmit} className="form" noValidate aria-labelledby="new-block-heading">
      <h3 id="new-block-heading">Add a block</h3>
      <FormMessage state={state} />
      <input type="hidden" name="client_id" value={clientId} />
      <div className="editor-grid">
        <div className="field">
          <label htmlFor="new-block-type">Type</label>
          <select id="new-block-type" name="type" defaultValue="link">
            <option value="link">Link</option>
            <option value="title">Heading</option>
            <option value="text">Text</option>
          </select>
        </div>
        <TextField idPrefix="new-block" label="Title or text" name="title" state={state} initial="" maxLength={1000} />
        <TextField idPrefix="new-block" label="URL (links only)" name="url" type="text" inputMode="url" hint="e.g. etsy.com/shop/you — https:// is added for you." state={state} initial="" spellCheck={false} autoCapitalize="none" />
      </div>
      <SubmitRow label="Add block" busyLabel="Adding…" pending={pending} primary />
    </form>
  );
}

export function LinkInBioBlocks({
  blocks,
  clientId,
  action,
  reorderAction,
  visibilityAction,
}: {
  blocks: EditableBlock[];
  clientId: string;
  action: SaveAction;
  reorderAction: (orderedIds: string[]) => Promise<FormState>;
  visibilityAction: (blockId: string, visible: boolean) => Promise<FormState>;
}) {
  const byId = new Map(blocks.map((b) => [b.id, b]));
  return (
    <section className="panel" aria-labelledby="blocks-heading">
      <h2 id="blocks-heading">Blocks</h2>
      <p className="muted">In page order, with the clicks each link has had from visitors. Blocks are hidden, never deleted.</p>
      {blocks.length === 0 ? (
        <p className="muted">Your page has no blocks yet. Add your first link below — a shop, your latest video, a newsletter.</p>
      ) : (
        <BlockOrder
          blocks={blocks.map((b) => ({ id: b.id, kind: TYPE_LABELS[b.type], label: b.title ?? b.url ?? b.mediaUrl ?? TYPE_LABELS[b.type], visible: b.visible, clicks: b.type === 'link' || b.type === 'image' ? b.clicks : null }))}
          action={reorderAction}
          visibilityAction={visibilityAction}
          renderForm={(id) => <BlockForm key={id} block={byId.get(id)!} action={action} />}
        />
      )}
      {/* A new key per minted id: after an add, the form starts empty with the next id. */}
      <NewBlockForm key={clientId} clientId={clientId} action={action} />
    </section>
  );
}
