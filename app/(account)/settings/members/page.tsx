import type { Metadata } from 'next';
import { roleAllows } from '@/server/auth/scopes';
import { listMembers } from '@/server/services/members';
import { requireSubject } from '@/server/web/session';
import { removeMemberAction, resendInvitationAction, revokeInvitationAction, setMemberRoleAction, transferOwnershipAction } from '../../../_actions/members';
import { Timestamp } from '../../../_components/dates';
import { InviteMemberForm, RoleSelect, RowActionForm } from './member-forms';

export const metadata: Metadata = { title: 'Members' };

const ROLE_LABEL = { owner: 'Owner', admin: 'Admin', member: 'Member', viewer: 'Viewer' } as const;

/**
 * The agency's members and pending invitations (issue 32). Everyone in the agency sees the list;
 * owners and admins (`members:write`) get the forms — and the gateway refuses the operations to
 * anyone else whatever the page shows.
 */
export default async function MembersPage() {
  const { app, subject, user } = await requireSubject('/settings/members');
  if (subject.type !== 'agency') {
    return (
      <>
        <h1>Members</h1>
        <p>A creator account has one person, you. Agencies invite their team here; an agency that invites you appears in the account menu in the header.</p>
      </>
    );
  }
  const canWrite = roleAllows(subject.type, subject.role, 'members:write');
  const canTransfer = roleAllows(subject.type, subject.role, 'ownership:write');
  const { members, invitations } = await listMembers(app.services.db, subject.id);
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Members</h1>
          <p>
            The people who work in <strong>{subject.name}</strong>. You are {subject.role === 'admin' ? 'an admin' : `${subject.role === 'owner' ? 'the' : 'a'} ${subject.role}`}.
            {canWrite ? ' Invite people by email; each role’s permissions apply from their next request.' : ' Owners and admins invite people and change roles.'}
          </p>
        </div>
      </div>

      {canWrite && <InviteMemberForm />}

      <table className="data-table">
        <caption>
          {members.length} {members.length === 1 ? 'member' : 'members'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Person</th>
            <th scope="col">Role</th>
            <th scope="col">Joined</th>
            {canWrite && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.user_id} data-member={member.email}>
              <td data-label="Person">
                <strong>{member.name || member.email}</strong>
                {member.name && (
                  <>
                    <br />
                    <small className="muted">{member.email}</small>
                  </>
                )}
                {member.user_id === user.id && <small className="muted"> (you)</small>}
              </td>
              <td data-label="Role">
                <span className="badge">{ROLE_LABEL[member.role]}</span>
              </td>
              <td data-label="Joined">
                <Timestamp iso={member.joined_at} utc={false} />
              </td>
              {canWrite && (
                <td data-label="Actions">
                  {member.role !== 'owner' && (
                    <div className="key-actions">
                      <RowActionForm action={setMemberRoleAction} fields={{ user_id: member.user_id }} label="Change role" busyLabel="Saving…" ariaLabel={`Change the role of ${member.email}`}>
                        <RoleSelect id={`role-${member.user_id}`} current={member.role} label={`Role of ${member.email}`} />
                      </RowActionForm>
                      <RowActionForm action={removeMemberAction} fields={{ user_id: member.user_id }} label="Remove" busyLabel="Removing…" ariaLabel={`Remove ${member.email}`} danger />
                      {canTransfer && (
                        <RowActionForm action={transferOwnershipAction} fields={{ user_id: member.user_id }} label="Make owner" busyLabel="Transferring…" ariaLabel={`Make ${member.email} the owner`} />
                      )}
                    </div>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Pending invitations</h2>
      {invitations.length === 0 ? (
        <p className="empty">No pending invitations.</p>
      ) : (
        <table className="data-table">
          <caption>Invitations not accepted yet; each link works for 7 days.</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Invited by</th>
              <th scope="col">Expires</th>
              {canWrite && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {invitations.map((invitation) => (
              <tr key={invitation.id} data-invitation={invitation.email}>
                <td data-label="Email">{invitation.email}</td>
                <td data-label="Role">{ROLE_LABEL[invitation.role]}</td>
                <td data-label="Invited by">{invitation.invited_by ?? 'Operator'}</td>
                <td data-label="Expires">{invitation.expired ? <span className="badge badge-expired">Expired</span> : <Timestamp iso={invitation.expires_at} utc={false} />}</td>
                {canWrite && (
                  <td data-label="Actions">
                    <div className="key-actions">
                      <RowActionForm action={resendInvitationAction} fields={{ invitation_id: invitation.id }} label="Resend" busyLabel="Sending…" ariaLabel={`Resend the invitation to ${invitation.email}`} />
                      <RowActionForm action={revokeInvitationAction} fields={{ invitation_id: invitation.id }} label="Revoke" busyLabel="Revoking…" ariaLabel={`Revoke the invitation to ${invitation.email}`} danger />
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
