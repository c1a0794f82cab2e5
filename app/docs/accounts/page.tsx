import type { Metadata } from 'next';
import { SiteHeader } from '../../_components/site-header';
import { DECK_PASSWORD_RULES } from '@/server/services/deck-passwords';
import { MAIL_RULES, SIGN_IN_RULES } from '@/server/services/sign-in-attempts';
import { EMAIL_LINK_HOURS, RESET_LINK_MINUTES } from '@/server/web/auth';

export const metadata: Metadata = {
  title: 'Accounts and sign-in security',
  description: 'How creator-api confirms addresses, resets passwords, changes sign-in emails and slows password guessing without locking owners out.',
};

type Rule = { free: number; baseDelaySeconds: number; maxDelaySeconds: number };

function schedule(rule: Rule): string {
  const max = rule.maxDelaySeconds >= 60 ? `${rule.maxDelaySeconds / 60} minutes` : `${rule.maxDelaySeconds} s`;
  return `${rule.free} free, then ${rule.baseDelaySeconds} s doubling to at most ${max} between attempts`;
}

/** The account rules for people using the settings UI and share pages; the numbers come from the code that enforces them. */
export default function AccountsDocsPage() {
  return (
    <div className="site">
      <SiteHeader current="/docs/accounts" />
      <main className="site-main">
        <h1 id="accounts">Accounts and sign-in security</h1>
        <p className="lead">
          The settings UI signs people in with an email address and a password. API keys are separate: they never sign in to the UI,
          and nothing on this page applies to them.
        </p>

        <h2 id="sign-up">Sign-up confirms the address first</h2>
        <ul>
          <li>
            Sign-up answers the same for every address — &ldquo;check your inbox&rdquo; — whether or not it already has an account. A new
            address gets a confirmation link; an address with an account gets a mail telling its owner that someone tried, with a link to
            choose a new password. The form never says which happened.
          </li>
          <li>
            The confirmation link works for {EMAIL_LINK_HOURS} hours and asks for the password chosen at sign-up: someone who typed your
            address into the form cannot get an account confirmed by you clicking a link you never asked for. Opening the link changes
            nothing; the form on it does (mail scanners open links too).
          </li>
          <li>
            Until the address is confirmed the account cannot sign in and owns nothing: the agency or creator account is created at
            confirmation. A later sign-up for the same address replaces one nobody confirmed, and unconfirmed sign-ups are deleted after a
            week.
          </li>
          <li>
            An operator giving an agency to an address (<code>admin create-agency --owner-email</code>) never hands it to a password nobody
            proved owns that address: if the account is unconfirmed, its password, sessions and pending sign-up are removed, and the owner
            gets in with &ldquo;Forgot your password?&rdquo;, which confirms the address.
          </li>
        </ul>

        <h2 id="passwords">Forgotten passwords and changes</h2>
        <ul>
          <li>
            &ldquo;Forgot your password?&rdquo; sends a link that works once, for {RESET_LINK_MINUTES} minutes, and answers the same for
            addresses without an account. The link is stored only as a hash. Using it confirms the address, signs out every session and
            signs this browser in; a &ldquo;your password was changed&rdquo; mail follows.
          </li>
          <li>
            Settings → Account changes the sign-in email in two steps: the current address approves, then the new address confirms; until
            both, nothing changes. An address that already has an account gets no mail and the answer is the same. Changing the password
            there signs out every other session. Both ask for the current password.
          </li>
        </ul>

        <h2 id="limits">Guessing is slowed, never turned into a lockout</h2>
        <p>
          Wrong passwords are never counted against an email address for everyone, so nobody can keep you out by guessing wrong. Each
          limit below lets some attempts through, then makes each next one wait longer than the last; they are checked before any
          password is (no hashing work for an attempt that has to wait), and an IPv6 client counts by its /64, since one subscriber
          usually holds a whole /64.
        </p>
        <ul>
          <li>
            Sign-in, per account and client address: {schedule(SIGN_IN_RULES.pair)}. A right password clears it.
          </li>
          <li>Sign-in, per client address across all accounts: {schedule(SIGN_IN_RULES.address)}.</li>
          <li>
            Sign-in, per account from addresses it has never signed in from (many addresses guessing one account):{' '}
            {schedule(SIGN_IN_RULES.account)}. Addresses the account signed in from in the last 90 days are never held back by it, so you
            can sign in from home while someone elsewhere guesses.
          </li>
          <li>
            After signing in you are told how many wrong-password attempts there were since your last sign-in; Settings → Account lists
            the latest sign-ins and wrong attempts (kept 90 days, with address and browser).
          </li>
          <li>
            Deck passwords, per deck and visitor: {schedule(DECK_PASSWORD_RULES.visitor)}; per deck from anywhere (a cap no number of
            addresses gets around): {schedule(DECK_PASSWORD_RULES.deck)}; per visitor across all decks:{' '}
            {schedule(DECK_PASSWORD_RULES.address)}.
          </li>
          <li>
            Mail a visitor can trigger (sign-up, reset, new confirmation links): per recipient {schedule(MAIL_RULES.recipient)}; per
            client address {schedule(MAIL_RULES.address)}.
          </li>
        </ul>

        <h2 id="audit-log">Audit log</h2>
        <p>
          Every change to API keys (created, renamed, rolled, revoked), webhook endpoints (created, updated, secret rotated, deleted),
          who can see a deck, media kit or campaign report (visibility, deck password set or removed, report published or taken down) and the plan or entitlement is recorded with who made it (a person’s email, an API key’s name and prefix, or the operator),
          when, the client address and browser, the request id, and each changed field before and after. Secrets never appear: keys show
          their prefix, signing secrets only when the old one stops working, and webhook URLs only their host and a short fingerprint. A
          change and its record are written together, so a failed change leaves no record. Settings → Audit log lists them with filters
          by action and actor; keys with the <code>audit:read</code> scope read them at <code>GET /public/v1/audit-events</code>. Records
          are kept a year by default.
        </p>
      </main>
    </div>
  );
}
