/**
 * Operator CLI: `npm run admin -- <command> [options]`. It calls the same service functions as the
 * settings UI, against DATABASE_URL or the embedded database. The embedded database can be open in
 * one process only, so while the service runs on it this CLI refuses (exit 3) with a clear message.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { operatorActor } from '../src/server/domain/actor';
import type { Owner } from '../src/server/domain/owner';
import { loadConfig } from '../src/server/config';
import { openMigratedDatabase, type Database } from '../src/server/db/database';
import { EmbeddedDatabaseBusyError } from '../src/server/db/embedded-lock';
import { ApiError } from '../src/server/domain/errors';
import { isObjectId } from '../src/server/lib/object-id';
import { ENTITLEMENTS, createAgency, createCreatorAccount, setPlan, type Entitlement } from '../src/server/services/accounts';
import { createApiKey, isRollGracePeriod, listApiKeys, renameApiKey, revokeApiKey, rollApiKey, ROLL_GRACE_PERIODS, type ApiKeySummary } from '../src/server/services/api-keys';
import { ASSIGNABLE_ROLES, SUBJECT_TYPES, type AssignableRole, type SubjectType } from '../src/server/auth/scopes';
import { createLogger } from '../src/server/lib/logger';
import { createMailer } from '../src/server/mail/mailer';
import {
  invitationUrl,
  inviteMember,
  listMembers,
  memberUserIdByEmail,
  removeMember,
  sendInvitationMail,
  setMemberRole,
  transferOwnership,
  type InvitationView,
  type MemberView,
} from '../src/server/services/members';
import { rebuildPageViewRollups } from '../src/server/services/page-view-rollups';
import { JOB_STATES, laneDepths, listJobs, type JobListing, type JobState, type LaneDepth } from '../src/server/jobs/queue';
import { JOB_LANES, JOB_LANE_NAMES } from '../src/server/domain/jobs';
import { createOpportunity, listOpportunities, opportunityView, setOpportunityActive, type OpportunityView } from '../src/server/services/sponsorships';

const USAGE = `usage: npm run admin -- <command> [options] [--json]

commands:
  create-agency   --name NAME --owner-email EMAIL [--plan free|pro|scale]
  create-creator  --name NAME --email EMAIL [--plan free|pro|scale]
  create-key      --subject-type agency|creator --subject-id ID --scopes a,b|all --name NAME
                  [--expires-at ISO-8601 | --expires-in-days N]
                  [--test]   (a test-mode key, crk_test_…: acts on the subject's sandbox twin, made on first use)
  list-keys       [--subject-type agency|creator --subject-id ID]
  revoke-key      --id KEY_ID
  roll-key        --id KEY_ID [--grace none|1h|24h|7d]   (new secret, same scopes; the old one works for the grace period, default 24h)
  rename-key      --id KEY_ID --name NAME
  set-plan        --subject-type agency|creator --subject-id ID [--plan CODE] [--entitlement active|suspended]
  add-opportunity --brand NAME --title TEXT [--platforms instagram,tiktok] [--tags a,b] [--min-followers N]
                  [--max-followers N] [--countries US,GB] [--languages en,es] [--budget AMOUNT] [--currency USD]
  list-opportunities [--all]        (--all includes closed ones)
  close-opportunity  --id ID        (stops matching it; reopen with --reopen)
  rebuild-analytics  [--subject-type agency|creator --subject-id ID]   (page-view rollups from the raw views)
  members            --agency-id ID            (the agency's members and pending invitations)
  invite             --agency-id ID --email EMAIL --role admin|member|viewer
                     (mails the link through SMTP_URL when set; prints it either way, valid 7 days)
  set-role           --agency-id ID --email EMAIL --role admin|member|viewer
  remove-member      --agency-id ID --email EMAIL   (the agency's API keys keep working)
  transfer-ownership --agency-id ID --email EMAIL   (the previous owner becomes an admin)
  jobs            [--status queued,running,succeeded,failed,dispatched] [--queue NAME] [--limit N]
                  (background jobs, newest first: lane, kind, account, state, attempts, lease holder and expiry;
                  then each lane: queued, due and running jobs, its limits and kinds)
`;

class UsageError extends Error {}

/** The audit log's actor for every change made here: the operator, named by the OS account running the CLI. */
const OPERATOR = operatorActor(`operator (${operatorName()})`);

function operatorName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    'owner-email': { type: 'string' },
    email: { type: 'string' },
    plan: { type: 'string' },
    'subject-type': { type: 'string' },
    'subject-id': { type: 'string' },
    'agency-id': { type: 'string' },
    role: { type: 'string' },
    scopes: { type: 'string' },
    'expires-at': { type: 'string' },
    'expires-in-days': { type: 'string' },
    id: { type: 'string' },
    grace: { type: 'string' },
    entitlement: { type: 'string' },
    brand: { type: 'string' },
    title: { type: 'string' },
    platforms: { type: 'string' },
    tags: { type: 'string' },
    'min-followers': { type: 'string' },
    'max-followers': { type: 'string' },
    countries: { type: 'string' },
    languages: { type: 'string' },
    budget: { type: 'string' },
    currency: { type: 'string' },
    all: { type: 'boolean', default: false },
    reopen: { type: 'boolean', default: false },
    status: { type: 'string', multiple: true },
    queue: { type: 'string' },
    limit: { type: 'string' },
    json: { type: 'boolean', default: false },
    test: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

function required(option: keyof typeof values): string {
  const value = values[option];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${option} is required`);
  return value.trim();
}

function subjectFromArgs(): Owner {
  const type = required('subject-type');
  if (!(SUBJECT_TYPES as readonly string[]).includes(type)) throw new UsageError('--subject-type must be agency or creator');
  const id = required('subject-id');
  if (!isObjectId(id)) throw new UsageError('--subject-id must be a 24-character hexadecimal id');
  return { type: type as SubjectType, id };
}

async function agencyFromArgs(db: Database['prisma']): Promise<string> {
  const id = required('agency-id');
  if (!isObjectId(id)) throw new UsageError('--agency-id must be a 24-character hexadecimal id');
  if (!(await db.agency.findUnique({ where: { id }, select: { id: true } }))) throw new ApiError('not-found', `No agency with id ${id}.`);
  return id;
}

function roleFromArgs(): AssignableRole {
  const role = required('role');
  if (!(ASSIGNABLE_ROLES as readonly string[]).includes(role)) throw new UsageError(`--role must be one of ${ASSIGNABLE_ROLES.join(', ')} (ownership moves with transfer-ownership)`);
  return role as AssignableRole;
}

function printMember(m: MemberView): string {
  return `${m.user_id}  ${m.role.padEnd(6)}  ${m.email}${m.name ? ` (${m.name})` : ''}  joined ${m.joined_at}`;
}

function printInvitation(i: InvitationView): string {
  return `${i.id}  ${i.role.padEnd(6)}  ${i.email}  ${i.expired ? 'EXPIRED' : `expires ${i.expires_at}`}${i.invited_by ? `  invited by ${i.invited_by}` : ''}`;
}

function expiryFromArgs(): Date | null {
  if (values['expires-at']) {
    const date = new Date(values['expires-at']);
    if (Number.isNaN(date.getTime())) throw new UsageError('--expires-at must be an ISO 8601 date-time');
    return date;
  }
  if (values['expires-in-days']) {
    const days = Number(values['expires-in-days']);
    if (!Number.isFinite(days) || days <= 0) throw new UsageError('--expires-in-days must be a positive number');
    return new Date(Date.now() + days * 86_400_000);
  }
  return null;
}

function csv(option: 'platforms' | 'tags' | 'countries' | 'languages'): string[] {
  return (values[option] ?? '').split(',').map((v) => v.trim()).filter(Boolean);
}

function wholeNumber(option: 'min-followers' | 'max-followers'): number | null {
  const value = values[option];
  if (value === undefined) return null;
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`--${option} must be a whole number`);
  return Number(value);
}

/** --budget in major units (5000, 5000.50) → minor units, by the currency's ISO 4217 decimals (JPY has none). */
function budgetCents(currency: string): number | null {
  const value = values.budget;
  if (value === undefined) return null;
  if (!/^\d+(\.\d+)?$/.test(value.trim())) throw new UsageError('--budget must be an amount like 5000 or 2500.50');
  let decimals = 2;
  try {
    decimals = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An invalid currency is reported by the service with the other fields.
  }
  return Math.round(Number(value) * 10 ** decimals);
}

function printOpportunity(o: OpportunityView): string {
  const audience = o.audience.min_followers !== null || o.audience.max_followers !== null ? `  followers ${o.audience.min_followers ?? 0}–${o.audience.max_followers ?? '∞'}` : '';
  const budget = o.budget ? `  budget ${o.budget.amount} ${o.budget.currency} (minor units)` : '';
  const lists = [
    o.platforms.length ? `platforms ${o.platforms.join(',')}` : '',
    o.tags.length ? `tags ${o.tags.join(',')}` : '',
    o.countries.length ? `countries ${o.countries.join(',')}` : '',
    o.languages.length ? `languages ${o.languages.join(',')}` : '',
  ].filter(Boolean);
  return `${o.id}  ${o.active ? 'open  ' : 'closed'}  ${o.brand}: "${o.title}"${audience}${budget}${lists.length ? `  ${lists.join('  ')}` : ''}`;
}

function printKey(key: ApiKeySummary): string {
  return `${key.id}  ${key.start}…${key.last_four ?? ''}  ${key.status.padEnd(7)}  ${key.subject_type} ${key.subject_id}  "${key.name}"  [${key.scopes.join(', ')}]${key.expires_at ? `  expires ${key.expires_at}` : ''}`;
}

function jobStatesFromArgs(): JobState[] {
  const states = (values.status ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  for (const state of states) {
    if (!(JOB_STATES as readonly string[]).includes(state)) throw new UsageError(`--status must be among ${JOB_STATES.join(', ')}; got "${state}"`);
  }
  return states as JobState[];
}

function seconds(ms: number): string {
  const s = Math.round(Math.abs(ms) / 1000);
  return s < 120 ? `${s}s` : `${Math.round(s / 60)}m`;
}

/** One table row per job; lease expiry relative to now ("in 7s", "lapsed 3s ago"). */
function printJobs(jobs: JobListing[], depths: LaneDepth[]): string {
  const lanes = printLanes(depths);
  if (jobs.length === 0) return `no jobs\n\n${lanes}`;
  const now = Date.now();
  const header = ['ID', 'LANE', 'KIND', 'ACCOUNT', 'STATE', 'ATTEMPTS', 'LEASE HOLDER', 'LEASE EXPIRES', 'RUN AT', 'LAST ERROR'];
  const rows = jobs.map((j) => [
    j.id,
    j.lane,
    j.kind,
    j.account,
    j.state,
    String(j.attempts),
    j.leaseOwner ?? '-',
    j.leaseExpiresAt ? (j.leaseExpiresAt.getTime() > now ? `in ${seconds(j.leaseExpiresAt.getTime() - now)}` : `lapsed ${seconds(now - j.leaseExpiresAt.getTime())} ago`) : '-',
    j.runAt.toISOString(),
    j.lastError ? j.lastError.slice(0, 60) : '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  const counts = new Map<string, number>();
  for (const j of jobs) counts.set(j.state, (counts.get(j.state) ?? 0) + 1);
  const summary = JOB_STATES.filter((state) => counts.has(state)).map((state) => `${counts.get(state)} ${state}`).join(', ');
  return [line(header), ...rows.map(line), '', `${jobs.length} job(s): ${summary}`, '', lanes].join('\n');
}

/** Each lane declared in domain/jobs.ts with its kinds, limits and what is waiting or running in it now. */
function printLanes(depths: LaneDepth[]): string {
  const lines = JOB_LANE_NAMES.map((lane) => {
    const depth = depths.find((d) => d.lane === lane) ?? { queued: 0, due: 0, running: 0 };
    const perEndpoint = JOB_LANES[lane].groupConcurrency ? `, ${JOB_LANES[lane].groupConcurrency} per endpoint` : '';
    return `  ${lane.padEnd(12)} ${depth.queued} queued (${depth.due} due), ${depth.running} running${perEndpoint} — ${JOB_LANES[lane].kinds.join(', ')}`;
  });
  return ['lanes:', ...lines].join('\n');
}

/**
 * An address nobody has confirmed gets the account but no way in except through its mailbox: any
 * password an earlier sign-up set was removed (services/accounts.ts), so say how they get in.
 */
function unconfirmedOwnerNote(user: { email: string; emailVerified: boolean }): string {
  if (user.emailVerified) return '';
  return `\n${user.email} has not confirmed this address yet: they get in by choosing a password with "Forgot your password?" on the sign-in page (the link goes to that inbox).`;
}

async function run(database: Database, command: string): Promise<{ json: unknown; text: string }> {
  const db = database.prisma;
  switch (command) {
    case 'create-agency': {
      const { agency, user } = await createAgency(db, { name: required('name'), ownerEmail: required('owner-email'), planCode: values.plan });
      return {
        json: { id: agency.id, name: agency.name, slug: agency.slug, plan: agency.planCode, owner_user_id: user.id, owner_email_confirmed: user.emailVerified },
        text: `agency ${agency.id} "${agency.name}" (plan ${agency.planCode}, owner ${user.email})${unconfirmedOwnerNote(user)}`,
      };
    }
    case 'create-creator': {
      const { creator, user } = await createCreatorAccount(db, { displayName: required('name'), email: required('email'), planCode: values.plan });
      return {
        json: { id: creator.id, display_name: creator.displayName, plan: creator.planCode, user_id: user.id, user_email_confirmed: user.emailVerified },
        text: `creator ${creator.id} "${creator.displayName}" (plan ${creator.planCode}, user ${user.email})${unconfirmedOwnerNote(user)}`,
      };
    }
    case 'create-key': {
      const subject = subjectFromArgs();
      const { key, secret } = await createApiKey(db, {
        subject,
        name: required('name'),
        scopes: required('scopes').split(',').map((s) => s.trim()).filter(Boolean),
        expiresAt: expiryFromArgs(),
        actor: OPERATOR,
        test: values.test,
      });
      return {
        json: { ...key, secret },
        text: `${printKey(key)}\n\nsecret (shown once, store it now):\n${secret}`,
      };
    }
    case 'list-keys': {
      const subject = values['subject-type'] || values['subject-id'] ? subjectFromArgs() : undefined;
      const keys = await listApiKeys(db, { subject });
      return { json: keys, text: keys.length === 0 ? 'no keys' : keys.map(printKey).join('\n') };
    }
    case 'revoke-key': {
      const key = await revokeApiKey(db, OPERATOR, required('id'));
      return { json: key, text: `revoked ${printKey(key)}` };
    }
    case 'roll-key': {
      const grace = values.grace ?? '24h';
      if (!isRollGracePeriod(grace)) throw new UsageError(`--grace must be one of ${Object.keys(ROLL_GRACE_PERIODS).join(', ')}`);
      const { key, secret, old } = await rollApiKey(db, OPERATOR, required('id'), grace);
      const until = old.status === 'revoked' ? 'revoked now' : `works until ${old.expires_at}`;
      return {
        json: { ...key, secret, replaced: old },
        text: `${printKey(key)}
old key ${old.id} ${until}

secret (shown once, store it now):
${secret}`,
      };
    }
    case 'rename-key': {
      const key = await renameApiKey(db, OPERATOR, required('id'), required('name'));
      return { json: key, text: `renamed ${printKey(key)}` };
    }
    case 'set-plan': {
      const subject = subjectFromArgs();
      const entitlement = values.entitlement;
      if (entitlement && !(ENTITLEMENTS as readonly string[]).includes(entitlement)) {
        throw new UsageError(`--entitlement must be one of ${ENTITLEMENTS.join(', ')}`);
      }
      if (!values.plan && !entitlement) throw new UsageError('give --plan, --entitlement or both');
      const updated = await setPlan(db, OPERATOR, subject, { planCode: values.plan, entitlement: entitlement as Entitlement | undefined });
      return {
        json: { subject_type: subject.type, subject_id: subject.id, plan: updated.planCode, entitlement: updated.entitlement },
        text: `${subject.type} ${subject.id}: plan ${updated.planCode}, entitlement ${updated.entitlement}`,
      };
    }
    case 'add-opportunity': {
      const currency = (values.currency ?? 'USD').trim().toUpperCase();
      const row = await createOpportunity(db, {
        brand: required('brand'),
        title: required('title'),
        platforms: csv('platforms'),
        tags: csv('tags'),
        minFollowers: wholeNumber('min-followers'),
        maxFollowers: wholeNumber('max-followers'),
        countries: csv('countries'),
        languages: csv('languages'),
        budgetCents: budgetCents(currency),
        currency,
      });
      const view = opportunityView(row);
      return { json: view, text: `added ${printOpportunity(view)}` };
    }
    case 'list-opportunities': {
      const rows = (await listOpportunities(db, { includeInactive: values.all })).map(opportunityView);
      return { json: rows, text: rows.length === 0 ? 'no opportunities' : rows.map(printOpportunity).join('\n') };
    }
    case 'close-opportunity': {
      const id = required('id');
      if (!isObjectId(id)) throw new UsageError('--id must be a 24-character hexadecimal id');
      const view = opportunityView(await setOpportunityActive(db, id, values.reopen));
      return { json: view, text: `${values.reopen ? 'reopened' : 'closed'} ${printOpportunity(view)}` };
    }
    case 'rebuild-analytics': {
      const owner = values['subject-type'] || values['subject-id'] ? subjectFromArgs() : undefined;
      const { rollups } = await rebuildPageViewRollups(db, { owner });
      return { json: { rollups }, text: `rebuilt ${rollups} day rollups from the raw page views${owner ? ` of ${owner.type} ${owner.id}` : ''}` };
    }
    case 'members': {
      const agencyId = await agencyFromArgs(db);
      const { members, invitations } = await listMembers(db, agencyId);
      return {
        json: { members, invitations },
        text: [`${members.length} member(s):`, ...members.map(printMember), '', invitations.length === 0 ? 'no pending invitations' : `${invitations.length} pending invitation(s):`, ...invitations.map(printInvitation)].join('\n'),
      };
    }
    case 'invite': {
      const agencyId = await agencyFromArgs(db);
      const sent = await inviteMember(db, OPERATOR, agencyId, { email: required('email'), role: roleFromArgs(), invitedByUserId: null });
      const config = loadConfig();
      // Mail only through SMTP: without it the service's dev outbox is another process's memory.
      let url = invitationUrl(config.publicBaseUrl, sent.token);
      if (config.smtpUrl) {
        const mailer = createMailer(config, createLogger('silent'));
        try {
          url = await sendInvitationMail(db, mailer, config.publicBaseUrl, agencyId, sent);
        } finally {
          await mailer.close();
        }
      }
      return {
        json: { ...sent.invitation, url, mailed: config.smtpUrl !== null },
        text: `${printInvitation(sent.invitation)}\n${config.smtpUrl ? 'mailed the link' : 'no SMTP_URL: nothing was mailed; hand over this link yourself'} (works for 7 days, once):\n${url}`,
      };
    }
    case 'set-role': {
      const agencyId = await agencyFromArgs(db);
      const member = await setMemberRole(db, OPERATOR, agencyId, await memberUserIdByEmail(db, agencyId, required('email')), roleFromArgs());
      return { json: member, text: `set ${printMember(member)}` };
    }
    case 'remove-member': {
      const agencyId = await agencyFromArgs(db);
      const removed = await removeMember(db, OPERATOR, agencyId, await memberUserIdByEmail(db, agencyId, required('email')));
      return { json: removed, text: `removed ${removed.email} (${removed.role}) from agency ${agencyId}; its API keys keep working` };
    }
    case 'transfer-ownership': {
      const agencyId = await agencyFromArgs(db);
      const email = required('email');
      const result = await transferOwnership(db, OPERATOR, agencyId, await memberUserIdByEmail(db, agencyId, email));
      return { json: result, text: `agency ${agencyId} is now owned by ${email.trim().toLowerCase()}; the previous owner (${result.previous_owner_user_id}) is an admin` };
    }
    case 'jobs': {
      const limit = values.limit === undefined ? 100 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new UsageError('--limit must be a whole number from 1 to 10000');
      const queue = values.queue?.trim() || undefined;
      const [jobs, depths] = await Promise.all([listJobs(db, { states: jobStatesFromArgs(), queue, limit }), laneDepths(db, queue)]);
      return {
        json: jobs.map((j) => ({
          id: j.id,
          queue: j.queue,
          lane: j.lane,
          kind: j.kind,
          account: j.account,
          state: j.state,
          attempts: j.attempts,
          max_attempts: j.maxAttempts,
          lease_owner: j.leaseOwner,
          lease_expires_at: j.leaseExpiresAt?.toISOString() ?? null,
          run_at: j.runAt.toISOString(),
          last_error: j.lastError,
          created_at: j.createdAt.toISOString(),
          updated_at: j.updatedAt.toISOString(),
        })),
        text: printJobs(jobs, depths),
      };
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
  }
}

async function main(): Promise<number> {
  const command = positionals[0] ?? '';
  if (values.help || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  let database: Database;
  try {
    database = await openMigratedDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir, holder: `admin CLI (${command})` });
  } catch (error) {
    if (error instanceof EmbeddedDatabaseBusyError) {
      console.error(`admin: ${error.message}`);
      return 3;
    }
    throw error;
  }
  try {
    const result = await run(database, command);
    console.log(values.json ? JSON.stringify(result.json, null, 2) : result.text);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`admin: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ApiError) {
      console.error(`admin: ${error.detail}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

// Exit explicitly once the database is closed: library timers (Prisma's, PGlite's) would otherwise
// keep the process alive for seconds after the work is done.
const code = await main();
process.stdout.write('', () => process.exit(code));
