'use client';

import { useState, type InputHTMLAttributes } from 'react';
import { IDLE, type FormState } from '@/server/web/form-state';
import { FormMessage, SubmitRow } from './fields';
import { SaveState, useEditorForm } from './unsaved-changes';
import './profile-editors.css';

/**
 * The creator profile editor: one form, one save. Socials (with their audience figures and the day
 * they were read) and rates are rows that can be added and removed; what is not saved yet is flagged
 * and leaving asks first (useEditorForm). Inputs are named `socials.0.followers` etc., the names the
 * gateway's field errors map onto. New rows carry no id: the operation matches an account the creator
 * already has by its identity, so saving twice never adds it twice.
 */

export interface ProfileSocialValues {
  id: string | null;
  platform: string;
  handle: string;
  followers: string;
  averageViews: string;
  averageEngagements: string;
  /** Percent, as typed (3.4 for 3.4 %). */
  engagementRate: string;
  asOf: string;
}

export interface ProfileRateValues {
  label: string;
  amount: string;
  currency: string;
}

export interface ProfileValues {
  displayName: string;
  bio: string;
  location: string;
  languages: string;
  tags: string;
  brands: string;
  socials: ProfileSocialValues[];
  rates: ProfileRateValues[];
}

const PLATFORMS = [
  ['instagram', 'Instagram'],
  ['tiktok', 'TikTok'],
  ['youtube', 'YouTube'],
  ['x', 'X (Twitter)'],
  ['facebook', 'Facebook'],
  ['linkedin', 'LinkedIn'],
  ['twitch', 'Twitch'],
  ['snapchat', 'Snapchat'],
  ['threads', 'Threads'],
] as const;
const PLATFORM_LABEL: Record<string, string> = Object.fromEntries(PLATFORMS);

type Action = (previous: FormState, formData: FormData) => Promise<FormState>;

let nextKey = 0;
const keyed = <T,>(value: T) => ({ key: `row-${(nextKey += 1)}`, value });

function Field({
  id,
  label,
  name,
  state,
  initial,
  hint,
  wide = false,
  ...input
}: { id: string; label: string; name: string; state: FormState; initial: string; hint?: string; wide?: boolean } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>) {
  const error = state.fieldErrors?.[name];
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={wide ? 'field field-wide' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input id={id} name={name} defaultValue={initial} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** `today` and `timeZone`: the viewer's day and zone, so "Figures as of" offers their today, not UTC's. */
export function ProfileEditor({ initial, action, today, timeZone }: { initial: ProfileValues; action: Action; today: string; timeZone: string }) {
  const { state, formAction, pending, onSubmit, ref, dirty } = useEditorForm(action, IDLE);
  const [socials, setSocials] = useState(() => initial.socials.map(keyed));
  const [rates, setRates] = useState(() => initial.rates.map(keyed));
  // Adding or removing a row changes the form's entries: tell the unsaved-changes tracker.
  const changed = () => setTimeout(() => ref.current?.dispatchEvent(new Event('change', { bubbles: true })), 0);
  const lastCurrency = rates.at(-1)?.value.currency || 'USD';
  const bioError = state.fieldErrors?.bio;

  return (
    <form ref={ref} action={formAction} onSubmit={onSubmit} className="form" noValidate aria-labelledby="profile-heading">
      <input type="hidden" name="time_zone" value={timeZone} />
      <SaveState dirty={dirty} pending={pending} />
      <FormMessage state={state} />

      <section className="panel" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile</h2>
        <div className="editor-grid">
          <Field id="profile-display_name" label="Display name" name="display_name" state={state} initial={initial.displayName} required maxLength={100} />
          <Field id="profile-location" label="Location" name="location" state={state} initial={initial.location} maxLength={100} hint="e.g. Lisbon, Portugal" />
          <div className="field field-wide">
            <label htmlFor="profile-bio">Bio</label>
            <textarea id="profile-bio" name="bio" defaultValue={initial.bio} maxLength={1000} rows={4} aria-invalid={bioError ? true : undefined} aria-describedby={bioError ? 'profile-bio-error' : undefined} />
            {bioError ? (
              <p className="field-error" id="profile-bio-error">
                {bioError}
              </p>
            ) : null}
          </div>
          <Field id="profile-languages" label="Languages" name="languages" state={state} initial={initial.languages} hint="Two-letter codes, separated by commas: en, pt" spellCheck={false} autoCapitalize="none" />
          <Field id="profile-tags" label="Topics" name="tags" state={state} initial={initial.tags} hint="Separated by commas: travel, food" />
          <Field id="profile-brands" label="Brands worked with" name="brands" state={state} initial={initial.brands} hint="Separated by commas: Nike, Glossier" wide />
        </div>
      </section>

      <section className="panel" aria-labelledby="socials-heading">
        <h2 id="socials-heading">Socials and audience</h2>
        <p className="muted">Figures show on your media kits, decks and roster cards with the day they were read. Leave a figure empty when you do not know it.</p>
        {socials.length === 0 ? <p className="muted">No social accounts yet.</p> : null}
        <ul className="profile-rows" aria-label="Social accounts">
          {socials.map(({ key, value: social }, index) => {
            const name = (field: string) => `socials.${index}.${field}`;
            const id = (field: string) => `${key}-${field}`;
            const title = social.handle ? `${PLATFORM_LABEL[social.platform] ?? social.platform} @${social.handle.replace(/^@/, '')}` : `New account ${index + 1}`;
            return (
              <li key={key} className="profile-row">
                <RowHead
                  title={title}
                  removeLabel={`Remove ${title}`}
                  onRemove={() => {
                    setSocials((rows) => rows.filter((row) => row.key !== key));
                    changed();
                  }}
                />
                {social.id ? <input type="hidden" name={name('id')} value={social.id} /> : null}
                <div className="profile-grid">
                  <div className="field">
                    <label htmlFor={id('platform')}>Platform</label>
                    <select id={id('platform')} name={name('platform')} defaultValue={social.platform}>
                      {PLATFORMS.map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </select>
                  </div>
                  <Field id={id('handle')} label="Handle or profile URL" name={name('handle_or_url')} state={state} initial={social.handle} spellCheck={false} autoCapitalize="none" />
                  <Field id={id('followers')} label="Followers" name={name('followers')} state={state} initial={social.followers} type="number" inputMode="numeric" min={0} step={1} />
                  <Field id={id('views')} label="Average views" name={name('average_views')} state={state} initial={social.averageViews} type="number" inputMode="numeric" min={0} step={1} />
                  <Field id={id('engagements')} label="Average engagements" name={name('average_engagements')} state={state} initial={social.averageEngagements} type="number" inputMode="numeric" min={0} step={1} />
                  <Field id={id('rate')} label="Engagement rate (%)" name={name('engagement_rate')} state={state} initial={social.engagementRate} type="number" inputMode="decimal" min={0} max={100} step={0.01} hint="Worked out from engagements ÷ followers when left empty." />
                  <Field id={id('as-of')} label="Figures as of" name={name('metrics_as_of')} state={state} initial={social.asOf} type="date" max={today} hint="The day you read them; today when left empty." />
                </div>
              </li>
            );
          })}
        </ul>
        <AddRowButton
          disabled={socials.length >= 10}
          label="Add a social account"
          onAdd={() => {
            setSocials((rows) => [...rows, keyed<ProfileSocialValues>({ id: null, platform: 'instagram', handle: '', followers: '', averageViews: '', averageEngagements: '', engagementRate: '', asOf: today })]);
            changed();
          }}
        />
      </section>

      <section className="panel" aria-labelledby="rates-heading">
        <h2 id="rates-heading">Rates</h2>
        <p className="muted">What you charge per deliverable, shown with its currency on media kits that include rates.</p>
        {rates.length === 0 ? <p className="muted">No rates yet.</p> : null}
        <ul className="profile-rows" aria-label="Rates">
          {rates.map(({ key, value: rate }, index) => {
            const name = (field: string) => `rates.${index}.${field}`;
            const id = (field: string) => `${key}-${field}`;
            const title = rate.label || `Rate ${index + 1}`;
            return (
              <li key={key} className="profile-row">
                <RowHead
                  title={title}
                  removeLabel={`Remove rate ${title}`}
                  onRemove={() => {
                    setRates((rows) => rows.filter((row) => row.key !== key));
                    changed();
                  }}
                />
                <div className="profile-grid">
                  <Field id={id('label')} label="Deliverable" name={name('label')} state={state} initial={rate.label} maxLength={60} hint="e.g. Instagram Reel" />
                  <Field id={id('amount')} label="Price" name={name('amount')} state={state} initial={rate.amount} type="number" inputMode="decimal" min={0} step="any" />
                  <Field id={id('currency')} label="Currency" name={name('currency')} state={state} initial={rate.currency} maxLength={3} hint="USD, EUR, GBP…" spellCheck={false} autoCapitalize="characters" />
                </div>
              </li>
            );
          })}
        </ul>
        <AddRowButton
          disabled={rates.length >= 20}
          label="Add a rate"
          onAdd={() => {
            setRates((rows) => [...rows, keyed<ProfileRateValues>({ label: '', amount: '', currency: lastCurrency })]);
            changed();
          }}
        />
      </section>
      <SubmitRow label="Save profile" busyLabel="Saving…" pending={pending} primary />
    </form>
  );
}

/** A profile row's heading with its Remove button (socials, rates). */
function RowHead({ title, removeLabel, onRemove }: { title: string; removeLabel: string; onRemove: () => void }) {
  return (
    <div className="profile-row-head">
      <h3>{title}</h3>
      <button type="button" className="button button-small" aria-label={removeLabel} onClick={onRemove}>
        Remove
      </button>
    </div>
  );
}

/** Adds a row to a profile list, up to its cap. */
function AddRowButton({ disabled, label, onAdd }: { disabled: boolean; label: string; onAdd: () => void }) {
  return (
    <button type="button" className="button" disabled={disabled} onClick={onAdd}>
      {label}
    </button>
  );
}
