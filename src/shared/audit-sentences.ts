import type { AuditedEntity, AuditValue, HistoryEvent } from './schemas/audit';
import { CATEGORY_LABELS, METHOD_LABELS } from './schemas/ledger';
import { formatDate } from './dates';
import { cents, formatAmount, formatCents } from './money';
import { EXPENSE_CATEGORIES } from './expense-categories';

/**
 * Every action the audit trail records (docs/product.md section 16, 'History'): services pass
 * one of these to recordEvent, so a new kind of write cannot be recorded without a sentence
 * here to read it by.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  // accounts
  'login',
  'logout',
  'change_roles',
  'disable',
  'enable',
  'issue_reset_link',
  'email_reset_link',
  'reset_password',
  'change_password',
  'notification_preferences',
  // portal invitations (tenants, staff)
  'invite',
  'revoke_invitation',
  'accept_invitation',
  'portal_moved_on',
  // applications
  'approve',
  'reject',
  // the lease lifecycle
  'renew',
  'move-out',
  'expire',
  'void',
  // money on a lease
  'ledger.charge',
  'ledger.credit',
  'ledger.payment',
  'ledger.reversal',
  'ledger.rent',
  'ledger.late_fee',
  'ledger.rebook',
  'ledger.recurring',
  'recurring.add',
  'recurring.change',
  'recurring.remove',
  'deposit.receipt',
  'deposit.settlement',
  'payments.checkout',
  // a landlord's rent settings
  'rent_settings',
  // work orders
  'assign',
  'status',
  'add-note',
  'add-photo',
  'charge',
  // the landlord's books (vendors, expenses, recurring expenses)
  'archive',
  'restore',
  'expense.paid',
  'expense.receipt_add',
  'expense.receipt_remove',
  'expense.recurring',
  'expense.work_order',
  // the landlord's bank
  'bank.import',
  'bank.match',
  'bank.unmatch',
  'bank.reject',
  'bank.balance',
  // teams
  'organisation.rename',
  'organisation.switch',
  'member.invite',
  'member.revoke_invitation',
  'member.join',
  'member.role',
  'member.remove',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

type Fields = Record<string, AuditValue>;

/** What a sentence is made from: the event, read with the record kind it belongs to. */
interface Parts {
  entity: AuditedEntity;
  /** The actor as the subject of a sentence: a user's name, 'A visitor', or 'Porchlight'. */
  who: string;
  /** Set for a system actor: how it acted ('automatically', 'by the card processor'). */
  how: string | null;
  /** The actor was a visitor: not logged in (sign-up, an application, a reset link). */
  visitor: boolean;
  before: Fields;
  after: Fields;
  /** A field's value after the change, else before it. */
  value(field: string): AuditValue | undefined;
}

const SYSTEM_ACTORS: Record<string, string> = {
  jobs: 'automatically',
  'stripe-webhook': 'by the card processor',
};

const RECORD_NOUNS: Record<AuditedEntity, string> = {
  users: 'account',
  properties: 'property',
  units: 'unit',
  staff: 'staff member',
  tenants: 'tenant',
  leases: 'lease',
  applications: 'application',
  uploads: 'file',
  organisations: 'organisation',
  members: 'member',
  'work-orders': 'work order',
  vendors: 'vendor',
  expenses: 'expense',
  'recurring-expenses': 'recurring expense',
  'bank-accounts': 'bank account',
};

/** Money fields of a record, kept in the trail as stored: integer cents. */
const CENTS_FIELDS = new Set([
  'rent',
  'deposit',
  'lateFeeAmount',
  'lateFeeCap',
  'cost',
  'amount',
  'openingBalance',
]);
/**
 * Money of the ledger, deposit and checkout events, kept as the API sends it: a number of
 * dollars with at most two decimals.
 */
const AMOUNT_ACTIONS = new Set<string>([
  'ledger.charge',
  'ledger.credit',
  'ledger.payment',
  'ledger.reversal',
  'ledger.rent',
  'ledger.late_fee',
  'ledger.rebook',
  'void',
  'ledger.recurring',
  'recurring.add',
  'recurring.change',
  'recurring.remove',
  'deposit.receipt',
  'deposit.settlement',
  'payments.checkout',
  'bank.match',
  'bank.unmatch',
  'bank.reject',
  'bank.balance',
]);
const DATE_FIELD = /(?:Date|^date|On|For)$/;

const text = (value: AuditValue | undefined): string =>
  value === null || value === undefined
    ? ''
    : Array.isArray(value)
      ? value.join(', ')
      : String(value);

const fullName = (parts: Parts): string =>
  [text(parts.value('firstName')), text(parts.value('lastName'))].filter(Boolean).join(' ');

/** 'December 2026' from a rent period 'YYYY-MM'. */
function monthOf(period: string): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month || month > 12) return period;
  const name = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    timeZone: 'UTC',
  });
  return `${name} ${year}`;
}

/** The record as a sentence names it: 'unit 101', 'Alicia Reyes', or 'this unit'. */
function recordName(parts: Parts): string {
  const noun = RECORD_NOUNS[parts.entity];
  switch (parts.entity) {
    case 'units':
      return parts.value('unitNumber') ? `unit ${text(parts.value('unitNumber'))}` : 'this unit';
    case 'properties':
      return text(parts.value('name')) || 'this property';
    case 'users':
      return text(parts.value('userName')) || 'this account';
    case 'work-orders':
      return parts.value('title')
        ? `the work order '${text(parts.value('title'))}'`
        : 'this work order';
    case 'leases':
      return fullName(parts) ? `the lease of ${fullName(parts)}` : 'this lease';
    case 'applications':
      return fullName(parts) ? `the application of ${fullName(parts)}` : 'this application';
    case 'vendors':
      return parts.value('name') ? `the vendor ${text(parts.value('name'))}` : 'this vendor';
    case 'expenses':
    case 'recurring-expenses':
      return `${parts.entity === 'expenses' ? 'the' : 'the recurring'} expense${expenseWhat(parts)}`;
    case 'bank-accounts':
      return parts.value('name')
        ? `the bank account ${text(parts.value('name'))}`
        : 'this bank account';
    case 'members':
      return text(parts.value('userName')) || 'this member';
    case 'organisations':
      return text(parts.value('name')) || 'this organisation';
    default:
      return fullName(parts) || `this ${noun}`;
  }
}

/** '$1,200.00' for money, 'Nov 30, 2026' for dates, '(empty)' for nothing. */
export function showValue(field: string, value: AuditValue | undefined, action: string): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'number' && CENTS_FIELDS.has(field) && !AMOUNT_ACTIONS.has(action)) {
    return formatCents(cents(value));
  }
  if (
    typeof value === 'number' &&
    AMOUNT_ACTIONS.has(action) &&
    /amount|deducted|applied|returned|Deductions/i.test(field)
  ) {
    return formatAmount(value);
  }
  if (typeof value === 'string' && DATE_FIELD.test(field) && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    return formatDate(value);
  }
  return text(value);
}

const amount = (parts: Parts, field = 'amount') => {
  const value = parts.value(field);
  return typeof value === 'number' ? formatAmount(value) : '';
};

/** 'Parking $75.00 a month' from a recurring charge's fields. */
const recurringWhat = (p: Parts) => {
  const category = CATEGORY_LABELS[text(p.value('kind')) as keyof typeof CATEGORY_LABELS];
  return `${category ?? 'Charge'} ${amount(p)} a month`;
};

/** ' for Repairs ($120.00)' from an expense's stored fields (amount in cents), or ''. */
function expenseWhat(p: Parts): string {
  const category = EXPENSE_CATEGORIES.find((c) => c.value === text(p.value('category')));
  const value = p.value('amount');
  const money = typeof value === 'number' ? ` (${formatCents(cents(value))})` : '';
  return category ? ` for ${category.label}${money}` : money;
}

/** A sentence in the active voice for a person, in the passive one for a system actor. */
const said = (parts: Parts, active: string, passive: string) =>
  parts.how ? `${passive} ${parts.how}` : `${parts.who} ${active}`;

const SENTENCES: Record<AuditAction, (parts: Parts) => string> = {
  create: (p) =>
    p.entity === 'applications' && p.visitor
      ? `${fullName(p) || 'A visitor'} applied${p.value('unitNumber') ? ` for unit ${text(p.value('unitNumber'))}` : ''}`
      : p.entity === 'users'
        ? p.visitor
          ? `${recordName(p)} signed up`
          : said(p, `made the account ${recordName(p)}`, `Account ${recordName(p)} made`)
        : p.entity === 'work-orders'
          ? said(p, `filed ${recordName(p)}`, `${capitalise(recordName(p))} filed`)
          : p.entity === 'uploads'
            ? said(p, 'uploaded a photo', 'A photo uploaded')
            : said(p, `added ${recordName(p)}`, `${capitalise(recordName(p))} added`),
  update: (p) => said(p, `changed ${recordName(p)}`, `${capitalise(recordName(p))} changed`),
  delete: (p) => said(p, `deleted ${recordName(p)}`, `${capitalise(recordName(p))} deleted`),
  login: (p) => `${p.who} logged in`,
  logout: (p) => `${p.who} logged out`,
  change_roles: (p) =>
    said(p, `changed the roles to ${text(p.after.roles) || '(none)'}`, 'Roles changed'),
  disable: (p) => said(p, 'disabled the account', 'Account disabled'),
  enable: (p) => said(p, 'enabled the account', 'Account enabled'),
  issue_reset_link: (p) => said(p, 'made a password reset link', 'Password reset link made'),
  email_reset_link: (p) =>
    p.visitor
      ? 'A password reset link was emailed on request'
      : said(p, 'asked for a password reset link by email', 'Password reset link emailed'),
  reset_password: (p) =>
    p.visitor
      ? 'A new password was chosen with a reset link'
      : said(p, 'chose a new password with a reset link', 'Password reset'),
  change_password: (p) => said(p, 'changed the password', 'Password changed'),
  notification_preferences: (p) =>
    said(p, 'changed which notifications are emailed', 'Notification emails changed'),
  invite: (p) =>
    said(
      p,
      `invited ${recordName(p)} to the portal${p.after.emailedTo ? ` (emailed to ${text(p.after.emailedTo)})` : ''}`,
      `Portal invitation made`,
    ),
  revoke_invitation: (p) =>
    p.after.reason
      ? `The earlier portal invitation was withdrawn: ${text(p.after.reason)}`
      : said(p, 'withdrew the portal invitation', 'Portal invitation withdrawn'),
  accept_invitation: (p) => `${p.who} accepted the portal invitation`,
  portal_moved_on: (p) => `${p.who}'s portal login moved on to their new tenancy`,
  approve: (p) => said(p, `approved ${recordName(p)}`, `${capitalise(recordName(p))} approved`),
  reject: (p) => said(p, `rejected ${recordName(p)}`, `${capitalise(recordName(p))} rejected`),
  renew: (p) => {
    const dates = p.value('startDate')
      ? ` from ${formatDate(text(p.value('startDate')))} to ${formatDate(text(p.value('endDate')))}`
      : '';
    const rent =
      typeof p.value('rent') === 'number'
        ? ` at ${showValue('rent', p.value('rent'), 'renew')} a month`
        : '';
    return said(p, `renewed the lease${dates}${rent}`, `Lease renewed${dates}${rent}`);
  },
  'move-out': (p) => {
    const on = p.after.movedOutOn ?? p.after.endedOn ?? p.after.moveOutDate;
    const date = on ? ` on ${formatDate(text(on))}` : '';
    const whom =
      fullName(p) || (p.entity === 'tenants' ? 'the tenant' : 'the tenant of this lease');
    return said(p, `moved ${whom} out${date}`, `${whom} moved out${date}`);
  },
  expire: (p) => said(p, 'marked the lease Expired', 'Lease ended and marked Expired'),
  void: (p) => {
    const why = p.after.endReason ? `: ${text(p.after.endReason)}` : '';
    const n = Number(p.after.entriesReversed ?? 0);
    const reversed = ` (${n === 1 ? '1 ledger entry' : `${n} ledger entries`} reversed)`;
    return said(p, `voided the lease${why}${reversed}`, `Lease voided${why}${reversed}`);
  },
  'ledger.charge': (p) => {
    const category = CATEGORY_LABELS[text(p.value('category')) as keyof typeof CATEGORY_LABELS];
    const what = `${category ?? 'A'} charge of ${amount(p)}`;
    return said(
      p,
      `charged ${amount(p)} (${(category ?? 'other').toLowerCase()})`,
      `${what} posted`,
    );
  },
  'ledger.credit': (p) => said(p, `credited ${amount(p)}`, `Credit of ${amount(p)} posted`),
  'ledger.payment': (p) => {
    const method = METHOD_LABELS[text(p.value('method')) as keyof typeof METHOD_LABELS];
    const by = method ? ` (${method.toLowerCase()})` : '';
    return said(
      p,
      `recorded a payment of ${amount(p)}${by}`,
      `Payment of ${amount(p)}${by} recorded`,
    );
  },
  'ledger.reversal': (p) =>
    said(p, `reversed an entry of ${amount(p)}`, `Entry of ${amount(p)} reversed`),
  'ledger.rent': (p) => {
    const period = text(p.value('period'));
    const what = `rent for ${period ? monthOf(period) : 'a period'} (${amount(p)})`;
    return said(p, `posted ${what}`, capitalise(what) + ' posted');
  },
  'ledger.late_fee': (p) => {
    const period = text(p.value('period'));
    const what = `late fee of ${amount(p)}${period ? ` for ${monthOf(period)}` : ''}`;
    return said(p, `charged a ${what}`, `${capitalise(what)} charged`);
  },
  'ledger.rebook': (p) => {
    const what =
      `${Number(p.after.posted ?? 0)} rent charges posted (${amount(p, 'postedAmount')}), ` +
      `${Number(p.after.reversed ?? 0)} reversed (${amount(p, 'reversedAmount')})`;
    return said(p, `changed the lease's dates: ${what}`, `The lease's dates changed: ${what}`);
  },
  'ledger.recurring': (p) => {
    const period = text(p.value('period'));
    const category = CATEGORY_LABELS[text(p.value('category')) as keyof typeof CATEGORY_LABELS];
    const what = `${(category ?? 'recurring charge').toLowerCase()} for ${period ? monthOf(period) : 'a period'} (${amount(p)})`;
    return said(p, `posted ${what}`, capitalise(what) + ' posted');
  },
  'recurring.add': (p) =>
    said(
      p,
      `added a recurring charge: ${recurringWhat(p)}`,
      `Recurring charge added: ${recurringWhat(p)}`,
    ),
  'recurring.change': (p) =>
    said(
      p,
      `changed a recurring charge: ${recurringWhat(p)}`,
      `Recurring charge changed: ${recurringWhat(p)}`,
    ),
  'recurring.remove': (p) =>
    said(
      p,
      `removed a recurring charge: ${recurringWhat(p)}`,
      `Recurring charge removed: ${recurringWhat(p)}`,
    ),
  rent_settings: (p) =>
    said(
      p,
      `set how a short first rent period is charged (${text(p.after.firstPeriodRule)})`,
      'Rent settings changed',
    ),
  'deposit.receipt': (p) =>
    said(p, `recorded ${amount(p)} of deposit received`, `Deposit of ${amount(p)} received`),
  'deposit.settlement': (p) => {
    const date = p.after.date ? ` on ${formatDate(text(p.after.date))}` : '';
    const result = `${amount(p, 'returned')} returned to the tenant, ${amount(p, 'deducted')} deducted`;
    return said(p, `settled the deposit${date}: ${result}`, `Deposit settled${date}: ${result}`);
  },
  'payments.checkout': (p) => `${p.who} started a card payment of ${amount(p)}`,
  assign: (p) => said(p, `assigned ${recordName(p)}`, `${capitalise(recordName(p))} assigned`),
  status: (p) => {
    const to = text(p.after.status);
    return said(p, `marked ${recordName(p)} ${to}`, `${capitalise(recordName(p))} marked ${to}`);
  },
  'add-note': (p) =>
    said(
      p,
      p.after.visibility === 'tenant' ? 'added a note the tenant sees' : 'added a staff-only note',
      'Note added',
    ),
  'add-photo': (p) => said(p, 'added a photo', 'Photo added'),
  charge: (p) => said(p, 'charged the cost to the tenant', 'Cost charged to the tenant'),
  archive: (p) => said(p, `archived ${recordName(p)}`, `${capitalise(recordName(p))} archived`),
  restore: (p) => said(p, `restored ${recordName(p)}`, `${capitalise(recordName(p))} restored`),
  'expense.paid': (p) => {
    const on = p.after.paidOn ? ` on ${formatDate(text(p.after.paidOn))}` : '';
    return said(
      p,
      `marked ${recordName(p)} paid${on}`,
      `${capitalise(recordName(p))} marked paid${on}`,
    );
  },
  'expense.receipt_add': (p) => said(p, 'attached a receipt', 'Receipt attached'),
  'expense.receipt_remove': (p) => said(p, 'removed a receipt', 'Receipt removed'),
  'expense.recurring': (p) => {
    const period = text(p.value('period'));
    const what = `${recordName(p)}${period ? ` of ${monthOf(period)}` : ''}`;
    return said(p, `posted ${what}`, `${capitalise(what)} posted`);
  },
  'expense.work_order': (p) => {
    const id = p.after.expenseId;
    const what = typeof id === 'number' ? `expense #${id}` : 'an expense';
    return said(p, `recorded the cost as ${what}`, `Cost recorded as ${what}`);
  },
  'bank.import': (p) => {
    const what = `${Number(p.after.added ?? 0)} new lines, ${Number(p.after.alreadyThere ?? 0)} already there`;
    return said(p, `imported a bank statement: ${what}`, `Bank statement imported: ${what}`);
  },
  'bank.match': (p) =>
    said(
      p,
      `matched the bank line of ${amount(p)} ${bankLineWhat(p)}`,
      `Bank line of ${amount(p)} matched ${bankLineWhat(p)}`,
    ),
  'bank.unmatch': (p) =>
    said(
      p,
      `unmatched the bank line of ${amount(p)} ${bankLineWhat(p)}`,
      `Bank line of ${amount(p)} unmatched ${bankLineWhat(p)}`,
    ),
  'bank.reject': (p) =>
    said(
      p,
      `turned down a suggested match for the bank line of ${amount(p)}`,
      `Suggested match for the bank line of ${amount(p)} turned down`,
    ),
  'bank.balance': (p) => {
    const month = text(p.value('month'));
    const what = `the closing balance of ${/^\d{4}-\d{2}$/.test(month) ? monthOf(month) : month} (${amount(p, 'closingBalance')})`;
    return said(p, `entered ${what}`, `${capitalise(what)} entered`);
  },
  'organisation.rename': (p) => {
    const to = text(p.after.name);
    return said(
      p,
      `renamed the organisation${to ? ` to ${to}` : ''}`,
      `Organisation renamed${to ? ` to ${to}` : ''}`,
    );
  },
  'organisation.switch': (p) => {
    const to = text(p.after.name);
    const from = text(p.before.name);
    return `${p.who} switched to acting for ${to || 'this organisation'}${from ? ` (from ${from})` : ''}`;
  },
  'member.invite': (p) => {
    const as = p.after.role ? ` as ${text(p.after.role)}` : '';
    const emailed = p.after.emailedTo ? ` (emailed to ${text(p.after.emailedTo)})` : '';
    return said(
      p,
      `invited someone to join the team${as}${emailed}`,
      `Invitation to join the team${as} made`,
    );
  },
  'member.revoke_invitation': (p) =>
    p.after.reason
      ? `An invitation to join the team was withdrawn: ${text(p.after.reason)}`
      : said(p, 'withdrew an invitation to join the team', 'Invitation to join the team withdrawn'),
  'member.join': (p) => {
    const as = p.value('role') ? ` as ${text(p.value('role'))}` : '';
    return `${p.who} joined the team${as}`;
  },
  'member.role': (p) => {
    const role = text(p.after.role);
    const what = role ? `made ${recordName(p)} ${role}` : `changed what ${recordName(p)} may do`;
    return said(p, what, capitalise(`${recordName(p)}'s place in the team changed`));
  },
  'member.remove': (p) =>
    said(
      p,
      `removed ${recordName(p)} from the team`,
      `${capitalise(recordName(p))} removed from the team`,
    ),
};

/** 'with payment 12' / 'with expense 7' from a bank line event's fields. */
const bankLineWhat = (p: Parts) => {
  const kind = text(p.value('kind'));
  const id = text(p.value('recordId'));
  return kind && id ? `with ${kind} ${id}` : '';
};

const capitalise = (phrase: string) => phrase.charAt(0).toUpperCase() + phrase.slice(1);

/** 'unitNumber' -> 'unit number': the field as a person would say it. */
export const fieldLabel = (field: string) =>
  field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

const isAuditAction = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

/** Fields the details lines never show: links between records, already said by the sentence. */
const UNSHOWN = /Id$|^invitationId$|^checkoutSessionId$/;

/**
 * A member named with the role they acted in ('dana (Bookkeeper)'). An Owner's name stands
 * alone: a landlord working by themselves is the Owner of every event, so the role would only
 * repeat itself, and in a team an unmarked name is the owner's.
 */
function actorWithRole(actor: HistoryEvent['actor']): string {
  return actor.role && actor.role !== 'Owner' ? `${actor.name} (${actor.role})` : actor.name;
}

/**
 * An event of a record's trail in words: a sentence naming who did what (its time is shown
 * beside it), and for a change the fields that changed, one line each
 * ('rent: $1,200.00 → $1,300.00').
 */
export function describeEvent(
  event: Pick<HistoryEvent, 'action' | 'actor' | 'before' | 'after'>,
  entity: AuditedEntity,
  /** The record's fields as the trail knew them then (names, unit number), if known. */
  known: Fields = {},
): { sentence: string; details: string[] } {
  const before = event.before ?? {};
  const after = event.after ?? {};
  const how =
    event.actor.kind === 'system'
      ? (SYSTEM_ACTORS[event.actor.name] ?? `by ${event.actor.name}`)
      : null;
  const parts: Parts = {
    entity,
    who:
      event.actor.kind === 'visitor'
        ? 'A visitor'
        : event.actor.kind === 'system'
          ? 'Porchlight'
          : actorWithRole(event.actor),
    how,
    visitor: event.actor.kind === 'visitor',
    before,
    after,
    value: (field) =>
      field in after ? after[field] : field in before ? before[field] : known[field],
  };
  const sentence = isAuditAction(event.action)
    ? SENTENCES[event.action](parts)
    : said(parts, `changed ${recordName(parts)}`, `${capitalise(recordName(parts))} changed`);
  const details =
    event.before && event.after && event.action !== 'accept_invitation'
      ? Object.keys(after)
          .filter((field) => !UNSHOWN.test(field))
          .map(
            (field) =>
              `${fieldLabel(field)}: ${showValue(field, before[field], event.action)} \u2192 ${showValue(field, after[field], event.action)}`,
          )
      : [];
  return { sentence, details };
}

/** Actions whose `after` is the record itself (or its changed fields), not a side record. */
const RECORD_SNAPSHOTS = new Set<string>([
  'create',
  'update',
  'move-out',
  'approve',
  'reject',
  'renew',
  'assign',
  'status',
  'charge',
  'change_roles',
  'disable',
  'enable',
  'member.join',
  'member.role',
]);

/**
 * A record's trail (newest first, as the history call answers it) in words. An update keeps
 * only the fields it changed, so each event is read with the record as the trail knew it
 * then: its creation and every later change replayed, oldest first ('moved Alicia Reyes
 * out', not 'moved the tenant out').
 */
export function describeTrail(
  events: readonly Pick<HistoryEvent, 'id' | 'action' | 'actor' | 'before' | 'after'>[],
  entity: AuditedEntity,
): Map<number, { sentence: string; details: string[] }> {
  const described = new Map<number, { sentence: string; details: string[] }>();
  let known: Fields = {};
  for (const event of [...events].reverse()) {
    const isSnapshot = RECORD_SNAPSHOTS.has(event.action);
    known = isSnapshot ? { ...known, ...(event.before ?? {}) } : known;
    described.set(event.id, describeEvent(event, entity, known));
    if (isSnapshot) known = { ...known, ...(event.after ?? {}) };
  }
  return described;
}
