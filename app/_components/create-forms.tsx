'use client';

import { useState } from 'react';
import { IDLE, type FormState } from '@/server/web/form-state';
import type { AddCreatorState } from '../_actions/create';
import { FormMessage, SubmitRow, TextField } from './fields';
import { useActionForm } from './use-action-form';
import { SaveState, useEditorForm } from './unsaved-changes';

type FormAction<S extends FormState = FormState> = (previous: S, formData: FormData) => Promise<S>;

function Select({ id, name, label, options, state, initial, hint }: { id: string; name: string; label: string; options: { value: string; label: string }[]; state: FormState; initial?: string; hint?: string }) {
  const error = state.fieldErrors?.[name];
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <select id={id} name={name} defaultValue={state.values?.[name] ?? initial} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A creator's link-in-bio page: the address first (slug is suggested from the username). */
export function LinkInBioCreateForm({ action, suggested, baseUrl }: { action: FormAction; suggested: string; baseUrl: string }) {
  const { state, formAction, pending, onSubmit } = useActionForm(action, IDLE);
  const [slug, setSlug] = useState(state.values?.slug ?? suggested);
  return (
    <form action={formAction} onSubmit={onSubmit} className="form" noValidate>
      <FormMessage state={state} />
      <div className="editor-grid">
        <TextField
          idPrefix="lib"
          name="username"
          label="Username"
          hint="Shown as @username. Letters, digits, periods and underscores."
          state={state}
          initial={suggested.replace(/-/g, '.')}
          maxLength={30}
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <div className="field">
          <label htmlFor="lib-slug">Page address</label>
          <p className="field-hint" id="lib-slug-hint">
            {baseUrl}/l/<strong>{slug || '…'}</strong> — 3 to 40 lowercase letters, digits and hyphens.
          </p>
          <input
            id="lib-slug"
            name="slug"
            defaultValue={slug}
            onChange={(e) => setSlug(e.target.value.toLowerCase())}
            maxLength={40}
            autoCapitalize="none"
            spellCheck={false}
            required
            aria-invalid={state.fieldErrors?.slug ? true : undefined}
            aria-describedby={['lib-slug-hint', state.fieldErrors?.slug ? 'lib-slug-error' : null].filter(Boolean).join(' ')}
          />
          {state.fieldErrors?.slug && (
            <p className="field-error" id="lib-slug-error">
              {state.fieldErrors.slug}
            </p>
          )}
        </div>
        <div className="field field-wide">
          <label htmlFor="lib-bio">Bio (optional)</label>
          <textarea id="lib-bio" name="bio" maxLength={300} rows={3} defaultValue={state.values?.bio ?? ''} />
        </div>
      </div>
      <SubmitRow label="Create my page" busyLabel="Creating…" pending={pending} primary />
    </form>
  );
}

export function MediaKitCreateForm({
  action,
  templates,
  creators,
}: {
  action: FormAction;
  templates: { value: string; label: string }[];
  /** Agency accounts pick a roster creator; null for a creator account (the kit is theirs). */
  creators: { value: string; label: string }[] | null;
}) {
  const { state, formAction, pending, onSubmit } = useActionForm(action, IDLE);
  return (
    <form action={formAction} onSubmit={onSubmit} className="form" noValidate>
      <FormMessage state={state} />
      <div className="editor-grid">
        <TextField idPrefix="kit" name="name" label="Name" state={state} initial="" maxLength={100} required hint="For you and the people you share it with, e.g. “2026 brand kit”." />
        {creators && <Select id="kit-creator" name="creator_id" label="Creator" options={creators} state={state} initial={creators[0]?.value} />}
        <Select id="kit-template" name="template" label="Template" options={templates} state={state} initial="classic" hint="Sets the theme, colours and sections; change any of them afterwards." />
      </div>
      <SubmitRow label="Create media kit" busyLabel="Creating…" pending={pending} primary />
    </form>
  );
}

/** Roster creators ticked in order; submitted as repeated `creator_ids` in that order. */
export function CreatorPicker({ creators, initial = [], error, idPrefix }: { creators: { value: string; label: string }[]; initial?: string[]; error?: string; idPrefix: string }) {
  const [picked, setPicked] = useState<string[]>(initial);
  const toggle = (id: string, on: boolean) => setPicked((current) => (on ? [...current.filter((c) => c !== id), id] : current.filter((c) => c !== id)));
  return (
    <fieldset className="field" aria-describedby={error ? `${idPrefix}-creators-error` : `${idPrefix}-creators-hint`}>
      <legend>Creators</legend>
      <p className="field-hint" id={`${idPrefix}-creators-hint`}>
        Tick the roster creators to present; they appear in the order you tick them. {picked.length} selected.
      </p>
      <ul className="choice-list choice-grid">
        {creators.map((c) => (
          <li key={c.value}>
            <label className="choice">
              <input type="checkbox" checked={picked.includes(c.value)} onChange={(e) => toggle(c.value, e.target.checked)} />
              <span className="choice-text">
                {c.label}
                {picked.includes(c.value) && <span className="muted"> · #{picked.indexOf(c.value) + 1}</span>}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {picked.map((id) => (
        <input key={id} type="hidden" name="creator_ids" value={id} />
      ))}
      {error && (
        <p className="field-error" id={`${idPrefix}-creators-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

const creatorIdsError = (state: FormState) => state.fieldErrors?.creator_ids ?? Object.entries(state.fieldErrors ?? {}).find(([k]) => k.startsWith('creator_ids.'))?.[1];

/** A deck from roster creators, in the order they are ticked. */
export function DeckCreateForm({ action, creators }: { action: FormAction; creators: { value: string; label: string }[] }) {
  const { state, formAction, pending, onSubmit } = useActionForm(action, IDLE);
  return (
    <form action={formAction} onSubmit={onSubmit} className="form" noValidate>
      <FormMessage state={state} />
      <TextField idPrefix="deck" name="title" label="Title" state={state} initial="" maxLength={120} required hint="What the brand sees first, e.g. “Food creators for Spring 2026”." />
      <CreatorPicker idPrefix="deck" creators={creators} initial={state.values?.creator_ids ? state.values.creator_ids.split(',').filter(Boolean) : []} error={creatorIdsError(state)} />
      <div className="field">
        <label htmlFor="deck-bio">Introduction (optional)</label>
        <textarea id="deck-bio" name="bio" maxLength={2000} rows={3} defaultValue={state.values?.bio ?? ''} />
      </div>
      <SubmitRow label="Create deck" busyLabel="Creating…" pending={pending} primary />
    </form>
  );
}

/** The deck editor's creator selection: replaces the deck's creators as a whole (PATCH creator_ids). */
export function DeckCreatorsForm({ action, creators, selected }: { action: FormAction; creators: { value: string; label: string }[]; selected: string[] }) {
  const { state, formAction, pending, onSubmit, ref, dirty } = useEditorForm(action, IDLE);
  return (
    <section className="panel" aria-labelledby="deck-creators-heading">
      <h2 id="deck-creators-heading">Creators in this deck</h2>
      <form ref={ref} action={formAction} onSubmit={onSubmit} className="form" noValidate aria-labelledby="deck-creators-heading">
        <SaveState dirty={dirty} pending={pending} />
        <FormMessage state={state} />
        <CreatorPicker key={selected.join(',')} idPrefix="deck-edit" creators={creators} initial={selected} error={creatorIdsError(state)} />
        <SubmitRow label="Save creators" busyLabel="Saving…" pending={pending} />
      </form>
    </section>
  );
}

const SOCIAL_OPTIONS = [
  { value: 'instagram', label: 'Instagram' },
  { value: 'tiktok', label: 'TikTok' },
  { value: 'youtube', label: 'YouTube' },
  { value: 'x', label: 'X (Twitter)' },
  { value: 'twitch', label: 'Twitch' },
  { value: 'threads', label: 'Threads' },
  { value: 'facebook', label: 'Facebook' },
  { value: 'linkedin', label: 'LinkedIn' },
  { value: 'snapchat', label: 'Snapchat' },
];

/** Adds one roster creator with up to 10 socials; the form clears for the next one after a success. */
export function AddCreatorForm({ action }: { action: FormAction<AddCreatorState> }) {
  const { state, formAction, pending, onSubmit } = useActionForm(action, IDLE as AddCreatorState);
  const [rows, setRows] = useState(() => Math.max(1, Object.keys(state.values ?? {}).filter((k) => /^socials\.\d+\.handle_or_url$/.test(k)).length));
  // A new key after each success empties the inputs for the next creator.
  const formKey = state.added ? `${state.added.id}-${state.message}` : 'form';
  return (
    <form key={formKey} action={formAction} onSubmit={onSubmit} className="form" noValidate aria-labelledby="add-creator-heading">
      <h2 id="add-creator-heading">Add a creator</h2>
      <FormMessage state={state} />
      {state.added && (
        <p>
          <a href={`/editor/media-kits/${state.added.mediaKitId}`}>Open {state.added.name}’s media kit</a>
        </p>
      )}
      <div className="editor-grid">
        <TextField idPrefix="creator" name="display_name" label="Name" state={state.added ? IDLE : state} initial="" maxLength={100} required />
        <TextField idPrefix="creator" name="email" label="Email (optional)" type="email" state={state.added ? IDLE : state} initial="" />
        <TextField idPrefix="creator" name="country" label="Country (optional)" hint="Two-letter code, e.g. US, GB, BR." state={state.added ? IDLE : state} initial="" maxLength={2} autoCapitalize="characters" />
        <TextField idPrefix="creator" name="languages" label="Languages (optional)" hint="Two-letter codes, comma-separated: en, pt." state={state.added ? IDLE : state} initial="" />
        <TextField idPrefix="creator" name="tags" label="Tags (optional)" hint="Comma-separated, e.g. food, travel." state={state.added ? IDLE : state} initial="" />
      </div>
      <fieldset className="field">
        <legend>Socials</legend>
        <p className="field-hint">A handle (with or without @) or a profile URL. A creator already on your roster with one of these accounts is matched instead of duplicated.</p>
        {[...Array(rows).keys()].map((i) => {
          const fieldState = state.added ? IDLE : state;
          return (
            <div className="social-row" key={i}>
              <Select id={`social-${i}-platform`} name={`socials.${i}.platform`} label={`Platform ${i + 1}`} options={SOCIAL_OPTIONS} state={fieldState} initial="instagram" />
              <TextField idPrefix={`social-${i}`} name={`socials.${i}.handle_or_url`} label={`Handle or URL ${i + 1}`} state={fieldState} initial="" spellCheck={false} autoCapitalize="none" />
            </div>
          );
        })}
        {rows < 10 && (
          <button type="button" className="button button-small" onClick={() => setRows((n) => Math.min(10, n + 1))}>
            Add another social
          </button>
        )}
      </fieldset>
      <SubmitRow label="Add creator" busyLabel="Adding…" pending={pending} primary />
    </form>
  );
}
