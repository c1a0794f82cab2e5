/** Password length rules of the settings UI (plain constants: the sign-up form shows them too). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
