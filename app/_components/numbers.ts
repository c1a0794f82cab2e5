/** One number style across the site and the share pages: grouped digits, compact for big counts. */
const whole = new Intl.NumberFormat('en-US');
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

export const formatNumber = (value: number) => whole.format(value);
/** 1.2K, 3.4M: for follower counts and headline figures; exact below 10,000. */
export const formatCompact = (value: number) => (Math.abs(value) < 10_000 ? whole.format(value) : compact.format(value));
/** EMV and CPMs are in the campaign's reporting currency, which the API leaves unnamed. */
export const formatMoney = (value: number) => money.format(value);
export const formatPercent = (ratio: number) => percent.format(ratio);
