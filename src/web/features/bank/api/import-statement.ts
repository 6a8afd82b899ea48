import { useMutation } from '@tanstack/react-query';
import type {
  CsvMapping,
  StatementImport,
  StatementPreview,
} from '../../../../shared/schemas/bank';
import { api } from '../../../lib/api-client';
import { useBankMutation } from './use-bank-mutation';

export interface StatementInput {
  accountId: number;
  fileName: string;
  content: string;
  mapping: CsvMapping | null;
}

const bodyOf = ({ fileName, content, mapping }: StatementInput) => ({ fileName, content, mapping });

/** Reads the file on the server without saving anything. */
export const usePreviewStatement = () =>
  useMutation({
    mutationFn: (input: StatementInput) =>
      api.post<StatementPreview>(
        `/api/bank-accounts/${input.accountId}/statements/preview`,
        bodyOf(input),
      ),
  });

export const useImportStatement = () =>
  useBankMutation((input: StatementInput) =>
    api.post<StatementImport>(`/api/bank-accounts/${input.accountId}/statements`, bodyOf(input)),
  );
