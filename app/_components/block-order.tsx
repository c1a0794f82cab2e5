'use client';

import { useState, useTransition, type DragEvent } from 'react';
import type { FormState } from '@/server/web/form-state';
import { FormMessage } from './fields';

export interface OrderedBlock {
  id: string;
  label: string;
  kind: string;
  visible: boolean;
}

/**
 * The page's blocks in order: drag a row to move it, or use its "Move up" / "Move down" buttons
 * (the keyboard alternative). Each move is saved at once through the same PATCH service as the API
 * (new `order` values), and announced.
 */
export function BlockOrder({ blocks, action }: { blocks: OrderedBlock[]; action: (orderedIds: string[]) => Promise<FormState> }) {
  const [items, setItems] = useState(blocks);
  const [dragging, setDragging] = useState<string | null>(null);
  const [state, setState] = useState<FormState>({ status: 'idle' });
  const [pending, startTransition] = useTransition();

  const save = (next: OrderedBlock[], moved: OrderedBlock, position: number) => {
    const previous = items;
    setItems(next);
    startTransition(async () => {
      const result = await action(next.map((b) => b.id));
      if (result.status === 'error') setItems(previous);
      setState(result.status === 'error' ? result : { status: 'saved', message: `Moved “${moved.label}” to position ${position} of ${next.length}.` });
    });
  };
  const move = (index: number, to: number) => {
    if (to < 0 || to >= items.length || to === index) return;
    const next = [...items];
    const [moved] = next.splice(index, 1);
    next.splice(to, 0, moved!);
    save(next, moved!, to + 1);
  };
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const from = items.findIndex((b) => b.id === dragging);
    setDragging(null);
    if (from >= 0) move(from, index);
  };

  if (items.length < 2) return null;
  return (
    <div className="block-order" aria-labelledby="order-heading">
      <h3 id="order-heading">Order</h3>
      <p className="field-hint">Drag a row by its handle, or use Move up and Move down. Changes are saved at once.</p>
      <FormMessage state={state} />
      <ol className="order-list" aria-busy={pending}>
        {items.map((block, index) => (
          <li
            key={block.id}
            draggable
            onDragStart={(e) => {
              setDragging(block.id);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', block.id);
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => onDrop(e, index)}
            onDragEnd={() => setDragging(null)}
            className={dragging === block.id ? 'order-item is-dragging' : 'order-item'}
            data-block-id={block.id}
          >
            <span className="drag-handle" aria-hidden="true">
              ⋮⋮
            </span>
            <span className="order-label">
              <span className="badge">{block.kind}</span> {block.label}
              {!block.visible && <span className="muted"> (hidden)</span>}
            </span>
            <span className="order-buttons">
              <button type="button" className="button button-small" onClick={() => move(index, index - 1)} disabled={index === 0 || pending} aria-label={`Move “${block.label}” up`}>
                Move up
              </button>
              <button
                type="button"
                className="button button-small"
                onClick={() => move(index, index + 1)}
                disabled={index === items.length - 1 || pending}
                aria-label={`Move “${block.label}” down`}
              >
                Move down
              </button>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
