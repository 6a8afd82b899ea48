/** The web shows money and dates exactly as the server words them (src/shared). */
export { formatAmount as formatMoney } from '../../shared/money';
export { formatDate } from '../../shared/dates';
