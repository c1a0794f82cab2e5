'use client';

import { useEffect, useRef, useState, useTransition, type DragEvent, type ReactNode } from 'react';
import type { FormState } from '@/server/web/form-state';
import { FormMessage } from './fields';
import { usePreviewArrangement } from './link-in-bio-preview';

export interface OrderedBlock {
  id: string;
  label: string;
  kind: string;
  visible: boolean;
  /** Outbound clicks on the public page (link and image blocks); shown in the row when set. */
  clicks?: number | null;
}

interface Props {
  blocks: OrderedBlock[];
  action: (orderedIds: string[]) => Promise<FormState>;
  visibilityAction: (blockId: string, visible: boolean) => Promise<FormState>;
  /** Each block's own edit form, shown inside its row (so every block appears once). */
  renderForm: (blockId: string) => ReactNode;
}

/**
 * The page's blocks, once each, in page order. Each row has its edit form, a one-click Show / Hide,
 * and Move up / Move down (the keyboard way to reorder: the focus follows the block). Rows can also
 * be dragged by their handle. Order and visibility are saved at once and announced; a refused save
 * puts the row back.
 */
export function BlockOrder({ blocks, action, visibilityAction, renderForm }: Props) {
  const [order, setOrder] = useState(() => blocks.map((b) => b.id));
  const [hidden, setHidden] = useState<Record<string, boolean>>({});
  const [dragging, setDragging] = useState<string | null>(null);
  const [armed, setArmed] = useState<string | null>(null);
  const [state, setState] = useState<FormState>({ status: 'idle' });
  const [pending, startTransition] = useTransition();
  const focusAfterMove = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);

  // Blocks added since (the add form) join at the end; the rows keep their own order and form input.
  const byId = new Map(blocks.map((b) => [b.id, b]));
  const ids = [...order.filter((id) => byId.has(id)), ...blocks.map((b) => b.id).filter((id) => !order.includes(id))];
  const items = ids.map((id) => byId.get(id)!);
  const visibleOf = (block: OrderedBlock) => hidden[block.id] ?? block.visible;

  // The live preview (when the editor has one) follows the order and Show/Hide shown here.
  const preview = usePreviewArrangement();
  const arrangementKey = items.map((b) => `${b.id}:${visibleOf(b) ? 1 : 0}`).join(',');
  useEffect(() => {
    if (!preview) return;
    preview.arrange(
      items.map((b) => b.id),
      Object.fromEntries(items.map((b) => [b.id, visibleOf(b)])),
    );
    // arrangementKey stands for the order and visibility (items is a new array each render).
  }, [preview, arrangementKey]);

  // Keyboard reordering: the focus stays on the moved block's button (or its other one at either end).
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const row = document.querySelector(`[data-block-id="${target.id}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]`);
    (same && !same.disabled ? same : row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
  });

  const move = (index: number, to: number, direction?: 'up' | 'down') => {
    if (to < 0 || to >= items.length || to === index) return;
    const previous = ids;
    const next = [...ids];
    const [moved] = next.splice(index, 1);
    next.splice(to, 0, moved!);
    setOrder(next);
    if (direction) focusAfterMove.current = { id: moved!, direction };
    const label = byId.get(moved!)!.label;
    startTransition(async () => {
      const result = await action(next);
      if (result.status === 'error') setOrder(previous);
      setState(result.status === 'error' ? result : { status: 'saved', message: `Moved “${label}” to position ${to + 1} of ${next.length}.` });
    });
  };
  const toggle = (block: OrderedBlock) => {
    const visible = !visibleOf(block);
    // Optimistic: the row says Shown/Hidden at once; the server's answer confirms or reverts it.
    setHidden((current) => ({ ...current, [block.id]: visible }));
    startTransition(async () => {
      const result = await visibilityAction(block.id, visible);
      if (result.status === 'error') setHidden((current) => ({ ...current, [block.id]: !visible }));
      setState(result);
    });
  };
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const from = ids.indexOf(dragging ?? '');
    setDragging(null);
    setArmed(null);
    if (from >= 0) move(from, index);
  };

  return (
    <div className="block-order">
      <p className="field-hint">Drag a block by its handle, or use Move up and Move down. Order and Show/Hide are saved at once.</p>
      <FormMessage state={state} />
      <ol className="order-list" aria-label="Blocks in page order" aria-busy={pending}>
        {items.map((block, index) => {
          const visible = visibleOf(block);
          return (
            <li
              key={block.id}
              // Only the handle starts a drag, so text in the row's fields can still be selected.
              draggable={armed === block.id}
              onDragStart={(e) => {
                setDragging(block.id);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', block.id);
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => onDrop(e, index)}
              onDragEnd={() => {
                setDragging(null);
                setArmed(null);
              }}
              className={['order-item', dragging === block.id ? 'is-dragging' : '', visible ? '' : 'is-hidden'].filter(Boolean).join(' ')}
              data-block-id={block.id}
            >
              <div className="order-row">
                <span className="drag-handle" aria-hidden="true" onPointerDown={() => setArmed(block.id)} onPointerUp={() => setArmed(null)} title="Drag to reorder">
                  ⋮⋮
                </span>
                <span className="order-label">
                  <span className="badge">{block.kind}</span> {block.label}
                  {!visible && <span className="muted"> (hidden)</span>}
                  {typeof block.clicks === 'number' ? (
                    <span className="click-count" data-testid="click-count">
                      {' '}
                      · {block.clicks.toLocaleString('en')} {block.clicks === 1 ? 'click' : 'clicks'}
                    </span>
                  ) : null}
                </span>
                <span className="order-buttons">
                  <button type="button" className="button button-small" onClick={() => toggle(block)} aria-label={`${visible ? 'Hide' : 'Show'} “${block.label}”`}>
                    {visible ? 'Hide' : 'Show'}
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    data-move="up"
                    onClick={() => move(index, index - 1, 'up')}
                    disabled={index === 0}
                    aria-label={`Move “${block.label}” up`}
                  >
                    Move up
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    data-move="down"
                    onClick={() => move(index, index + 1, 'down')}
                    disabled={index === items.length - 1}
                    aria-label={`Move “${block.label}” down`}
                  >
                    Move down
                  </button>
                </span>
              </div>
              {renderForm(block.id)}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
