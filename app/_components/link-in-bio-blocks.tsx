'use client';

import { IDLE, type FormState } from '@/server/web/form-state';
import { BlockOrder } from './block-order';
import { FormMessage, SubmitRow, TextField } from './fields';
import { useActionForm } from './use-action-form';

export interface EditableBlock {
  id: string;
  type: 'link' | 'title' | 'text' | 'image';
  title: string | null;
  url: string | null;
  mediaUrl: string | null;
  visible: boolean;
  order: number;
}

type SaveAction = (previous: FormState, formData: FormData) => Promise<FormState>;

const TYPE_LABELS = { link: 'Link', title: 'Heading', text: 'Text', image: 'Image' } as const;

/** One existing block: its text, link, visibility and position. Blocks are hidden, never deleted. */
function BlockForm({ block, action }: { block: EditableBlock; action: SaveAction }) {
  const { state, formAction, pending, onSubmit } = useActionForm(action, IDLE);
  const id = `block-${block.id}`;
  const name = block.title ?? block.url ?? block.mediaUrl ?? TYPE_LABELS[block.type];
  return (
    <form action={formAction} onSubmit={onSubmit} className="form block-form" noValidate aria-label={`${TYPE_LABELS[block.type]} block: ${name}`}>
      <p className="block-kind">{TYPE_LABELS[block.type]}</p>
      <FormMessage state={state} />
      <input type="hidden" name="block_id" value={block.id} />
      <div className="editor-grid">
        <TextField idPrefix={id} label={block.type === 'text' ? 'Text' : block.type === 'image' ? 'Caption' : 'Title'} name="title" state={state} initial={block.title ?? ''} maxLength={block.type === 'text' ? 1000 : 100} />
        {block.type !== 'title' && block.type !== 'text' && <TextField idPrefix={id} label="URL" name="url" type="url" state={state} initial={block.url ?? ''} spellCheck={false} />}
        <TextField idPrefix={id} label="Position" name="order" type="number" min={0} step={1} state={state} initial={String(block.order)} />
        <div className="field">
          <label className="checkbox">
            <input type="checkbox" name="visible" defaultChecked={block.visible} /> Shown on the page
          </label>
        </div>
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
        <TextField idPrefix="new-block" label="URL (links only)" name="url" type="url" state={state} initial="" spellCheck={false} />
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
}: {
  blocks: EditableBlock[];
  clientId: string;
  action: SaveAction;
  reorderAction: (orderedIds: string[]) => Promise<FormState>;
}) {
  // A new key when blocks are added or shown/hidden (not when only their order changes, which the
  // list itself made), so the list restarts from the saved order and keeps its own announcements.
  const orderKey = blocks
    .map((b) => `${b.id}:${b.visible}`)
    .sort()
    .join(',');
  return (
    <section className="panel" aria-labelledby="blocks-heading">
      <h2 id="blocks-heading">Blocks</h2>
      <p className="muted">In page order. Blocks are hidden, never deleted.</p>
      {blocks.length === 0 ? (
        <p className="muted">Your page has no blocks yet. Add your first link below — a shop, your latest video, a newsletter.</p>
      ) : (
        <>
          <BlockOrder
            key={orderKey}
            blocks={blocks.map((b) => ({ id: b.id, kind: TYPE_LABELS[b.type], label: b.title ?? b.url ?? b.mediaUrl ?? TYPE_LABELS[b.type], visible: b.visible }))}
            action={reorderAction}
          />
          {blocks.map((block) => (
            <BlockForm key={block.id} block={block} action={action} />
          ))}
        </>
      )}
      {/* A new key per minted id: after an add, the form starts empty with the next id. */}
      <NewBlockForm key={clientId} clientId={clientId} action={action} />
    </section>
  );
}
