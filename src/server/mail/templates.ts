import { composeMail, type MailMessage } from './message';

/**
 * The account mails. Each says why it came and what happens if it is ignored, so a mail someone
 * else triggered (a sign-up with your address, a reset you did not ask for) is harmless to receive.
 * Links are built by the caller from PUBLIC_BASE_URL; tokens appear only in them.
 */

export function verifyEmailMail(input: { to: string; name: string | null; url: string; validHours: number }): MailMessage {
  return composeMail({
    template: 'verify-email',
    to: input.to,
    subject: 'Confirm your email address',
    heading: 'Confirm your email address',
    paragraphs: [
      `${input.name ? `Hi ${input.name}, c` : 'C'}onfirm that ${input.to} is yours to finish creating your creator-api account. You will be asked for the password you chose.`,
    ],
    action: { label: 'Confirm email address', url: input.url },
    footnotes: [
      `The link works for ${input.validHours} hours.`,
      'If you did not create an account, ignore this mail: without the password chosen at sign-up nobody can use the link.',
    ],
  });
}

export function existingAccountSignUpMail(input: { to: string; signInUrl: string; resetUrl: string }): MailMessage {
  return composeMail({
    template: 'existing-account-sign-up',
    to: input.to,
    subject: 'Someone tried to create an account with your address',
    heading: 'You already have an account',
    paragraphs: [
      `Someone — perhaps you — tried to create a creator-api account with ${input.to}, which already has one. No new account was created.`,
      `To get in, sign in at ${input.signInUrl}. If you do not know the password, choose a new one:`,
    ],
    action: { label: 'Choose a new password', url: input.resetUrl },
    footnotes: ['If it was not you, you need do nothing: your account is unchanged.'],
  });
}

export function resetPasswordMail(input: { to: string; url: string; validMinutes: number }): MailMessage {
  return composeMail({
    template: 'reset-password',
    to: input.to,
    subject: 'Choose a new password',
    heading: 'Choose a new password',
    paragraphs: [`Someone asked to reset the password of the creator-api account for ${input.to}. Choose a new one here:`],
    action: { label: 'Choose a new password', url: input.url },
    footnotes: [
      `The link works once, for ${input.validMinutes} minutes. Choosing a new password signs you out everywhere else.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
  });
}

export function passwordChangedMail(input: { to: string; resetUrl: string }): MailMessage {
  return composeMail({
    template: 'password-changed',
    to: input.to,
    subject: 'Your password was changed',
    heading: 'Your password was changed',
    paragraphs: [`The password of the creator-api account for ${input.to} was just changed, and every other session was signed out.`],
    footnotes: [`If this was not you, choose a new password at once: ${input.resetUrl}`],
  });
}

export function changeEmailConfirmationMail(input: { to: string; newEmail: string; url: string; validHours: number }): MailMessage {
  return composeMail({
    template: 'change-email-confirmation',
    to: input.to,
    subject: 'Approve changing your sign-in email',
    heading: 'Approve changing your sign-in email',
    paragraphs: [
      `Someone signed in to your creator-api account asked to change its sign-in email from ${input.to} to ${input.newEmail}.`,
      `Approve it here; we then send a link to ${input.newEmail} to confirm that address too.`,
    ],
    action: { label: 'Approve the change', url: input.url },
    footnotes: [
      `The link works for ${input.validHours} hours.`,
      'If you did not ask for this, ignore this mail and change your password: someone else may be signed in.',
    ],
  });
}

export function confirmNewEmailMail(input: { to: string; url: string; validHours: number }): MailMessage {
  return composeMail({
    template: 'confirm-new-email',
    to: input.to,
    subject: 'Confirm your new sign-in email',
    heading: 'Confirm your new sign-in email',
    paragraphs: [`Confirm that ${input.to} is yours to make it the sign-in email of your creator-api account.`],
    action: { label: 'Confirm new email address', url: input.url },
    footnotes: [`The link works for ${input.validHours} hours. If you did not ask for this, ignore this mail: nothing changes.`],
  });
}

export function webhookEndpointDisabledMail(input: { to: string; endpointUrl: string; failingDays: number; settingsUrl: string }): MailMessage {
  return composeMail({
    template: 'webhook-endpoint-disabled',
    to: input.to,
    subject: 'A webhook endpoint was disabled',
    heading: 'A webhook endpoint was disabled',
    paragraphs: [
      `Every delivery to ${input.endpointUrl} has failed for ${input.failingDays} days, so we stopped sending to it.`,
      'Events are still recorded. Once the endpoint answers again, enable it in your webhook settings and replay the deliveries that failed.',
    ],
    action: { label: 'Open webhook settings', url: input.settingsUrl },
    footnotes: ['You get this mail because you manage this account on creator-api.'],
  });
}

export function agencyInvitationMail(input: { to: string; agencyName: string; invitedBy: string | null; role: string; url: string; validDays: number }): MailMessage {
  return composeMail({
    template: 'agency-invitation',
    to: input.to,
    subject: `Join ${input.agencyName} on creator-api`,
    heading: `Join ${input.agencyName}`,
    paragraphs: [
      `${input.invitedBy ?? 'The operator of creator-api'} invited ${input.to} to work in the agency ${input.agencyName} as ${input.role === 'admin' ? 'an admin' : `a ${input.role}`}. Accept with the button below; if you have no account yet, you choose a password on the way.`,
    ],
    action: { label: 'Accept the invitation', url: input.url },
    footnotes: [`The link works for ${input.validDays} days, until it is used or revoked.`, 'If you do not know this agency, ignore this mail: nothing happens unless you accept.'],
  });
}
