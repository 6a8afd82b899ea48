import type {
  BankLine,
  LineExpenseBodyInput,
  LinePaymentBody,
  MatchBody,
  Reconciliation,
} from '../../../../shared/schemas/bank';
import { api } from '../../../lib/api-client';
import { useBankMutation } from './use-bank-mutation';

export const useConfirmMatch = () =>
  useBankMutation(({ lineId, body }: { lineId: number; body: MatchBody }) =>
    api.post<BankLine>(`/api/bank-lines/${lineId}/match`, body),
  );

export const useRejectSuggestion = () =>
  useBankMutation(({ lineId, body }: { lineId: number; body: MatchBody }) =>
    api.post<BankLine>(`/api/bank-lines/${lineId}/rejections`, body),
  );

export const useUnmatch = () =>
  useBankMutation((lineId: number) => api.delete(`/api/bank-lines/${lineId}/match`));

export const useRecordLineAsPayment = () =>
  useBankMutation(({ lineId, body }: { lineId: number; body: LinePaymentBody }) =>
    api.post<BankLine>(`/api/bank-lines/${lineId}/payment`, body),
  );

export const useTypeBalance = () =>
  useBankMutation(
    ({
      accountId,
      month,
      closingBalance,
    }: {
      accountId: number;
      month: string;
      closingBalance: number;
    }) =>
      api.post<Reconciliation>(`/api/bank-accounts/${accountId}/balances`, {
        month,
        closingBalance,
      }),
  );

export const useRecordLineAsExpense = () =>
  useBankMutation(({ lineId, body }: { lineId: number; body: LineExpenseBodyInput }) =>
    api.post<BankLine>(`/api/bank-lines/${lineId}/expense`, body),
  );
