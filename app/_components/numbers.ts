/** One number style across the site and the share pages: grouped digits, compact for big counts. */
const whole = new Intl.NumberFormat('en-US');
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

export const formatNumber = (value: number) => whole.format(value);
/** 1.2K, 3.4M: for follower counts and headline figures; exact below 10,000. */
export const formatCompact = (value: number) => (Math.abs(value) < 10_000 ? whole.format(value) : compact.format(value));
/**
 * Campaign money (CPMs, the EMV override, EMV) carries no currency in the API contract
 * (shared/spec/public-api-v1.md: cpm "numeric per platform", summary "emv (numbers)") and the
 * contract names no default: the figures are in whichever one currency the account types its CPMs
 * in. The UI calls that the "reporting currency" and says so next to every amount instead of
 * guessing a symbol (a "$" would be wrong for an agency that prices in euros).
 */
export const REPORTING_CURRENCY = 'reporting currency';
export const formatMoney = (value: number) => money.format(value);
export const formatPercent = (ratio: number) => percent.format(ratio);
