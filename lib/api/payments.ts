"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  walletEndpoints,
  type ChargeWalletInput,
  type Gateway,
  type Receipt,
  type SandboxPayment,
  type StatementLine,
  type StatementTab,
} from "@/lib/schemas/wallet";
import type { StatementKind } from "@/lib/schemas/enums";
import { ApiError, submissionKeys } from "./client";
import { meKeys } from "./me";
import { useApiClient } from "./use-api-client";

import type { TransactionStatus } from "@/lib/schemas/enums";
import type { Transaction, WalletBalances } from "@/lib/schemas/wallet";
export type { Gateway, Receipt, StatementKind, StatementLine, StatementTab, Transaction, TransactionStatus, WalletBalances };

/** Whether the person earns (earnings to withdraw or rewards on hold): then their earnings show beside the wallet. */
export const earnsAnything = (balances: Pick<WalletBalances, "earnings_balance" | "held_balance">) =>
  balances.earnings_balance > 0 || balances.held_balance > 0;

export const walletKeys = {
  all: ["wallet"] as const,
  balances: () => [...walletKeys.all, "balances"] as const,
  transaction: (id: string) => [...walletKeys.all, "transaction", id] as const,
  statement: (filter: StatementFilter, tab: StatementTab, page: number, perPage: number) =>
    [...walletKeys.all, "statement", filter, tab, page, perPage] as const,
  receipt: (id: string) => [...walletKeys.all, "receipt", id] as const,
  gateways: ["gateways"] as const,
};

/** Balances; null when nobody is logged in. Refreshed on focus and every minute, so the header follows changes. */
export function useWallet() {
  const api = useApiClient();
  return useQuery({
    queryKey: walletKeys.balances(),
    queryFn: async () => {
      try {
        return await api.call(walletEndpoints.balances);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    refetchInterval: 60_000,
  });
}

/** The statement's filters besides its tab: a kind, a range of Tehran days (inclusive). */
export type StatementFilter = { kind?: StatementKind | undefined; from?: string | undefined; to?: string | undefined };
export const STATEMENT_PER_PAGE = 10;

/** GET wallet/statement: a page of the person's statement, in a tab, filtered. */
export function useStatement(filter: StatementFilter, tab: StatementTab, page: number, perPage = STATEMENT_PER_PAGE) {
  const api = useApiClient();
  return useQuery({
    queryKey: walletKeys.statement(filter, tab, page, perPage),
    queryFn: () => api.call(walletEndpoints.statement, { query: { ...filter, tab, page, per_page: perPage } }),
    placeholderData: keepPreviousData,
  });
}

/** Lines a printable statement shows at most (50 pages of 100: a month of the busiest booster). */
const PRINT_PAGES = 50;

/** Every line of a range (a month's printable statement), newest first, fetched 100 at a time. */
export function useStatementRange(filter: StatementFilter, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...walletKeys.all, "statement-range", filter] as const,
    enabled,
    queryFn: async () => {
      const lines: StatementLine[] = [];
      for (let page = 1; page <= PRINT_PAGES; page++) {
        const answer = await api.call(walletEndpoints.statement, { query: { ...filter, tab: "all", page, per_page: 100 } });
        lines.push(...answer.data);
        if (page * 100 >= answer.meta.total) return { lines, complete: true };
      }
      return { lines, complete: false };
    },
  });
}

/** GET wallet/statement/export: the statement as CSV, to save. */
export function useStatementCsv() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (filter: StatementFilter) => api.download(walletEndpoints.statementCsv, { query: { ...filter, tab: "all" } }),
  });
}

/** GET wallet/statement/{id}: one line's receipt. */
export function useReceipt(id: string) {
  const api = useApiClient();
  return useQuery({ queryKey: walletKeys.receipt(id), queryFn: () => api.call(walletEndpoints.receipt, { params: { id } }), retry: false });
}

export function useTransaction(id: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: walletKeys.transaction(id ?? ""),
    queryFn: () => api.call(walletEndpoints.transaction, { params: { id: id ?? "" } }),
    enabled: Boolean(id),
  });
}

export function useGateways() {
  const api = useApiClient();
  return useQuery({ queryKey: walletKeys.gateways, queryFn: () => api.call(walletEndpoints.gateways), staleTime: 5 * 60_000 });
}

/** Charges the wallet: one Idempotency-Key per submission, kept when the form sends the same charge again after an unknown outcome. */
export function useChargeWallet() {
  const api = useApiClient();
  const [keys] = useState(submissionKeys);
  return useMutation({
    mutationFn: (input: ChargeWalletInput) => api.call(walletEndpoints.charge, { body: input, idempotencyKey: keys.keyFor(input) }),
    onSettled: (_data, error) => keys.settled(error),
  });
}

/** After money moved: the header, the wallet page and the profile read fresh figures. */
export function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: walletKeys.all }), queryClient.invalidateQueries({ queryKey: meKeys.all })]);
}

/** The test gateway's payment, as its simulated bank page shows it. */
export type { SandboxPayment };

/**
 * The test gateway's bank page lives outside the panel (no React Query there): plain calls with the
 * API client. The authority is the payment's secret, so no login is needed.
 */
export function sandboxPaymentApi(api: ReturnType<typeof useApiClient>) {
  return {
    load: (authority: string, signal?: AbortSignal) =>
      api.call(walletEndpoints.sandboxPayment, { params: { authority }, ...(signal ? { signal } : {}) }),
    decide: (authority: string, decision: "pay" | "cancel") =>
      api.call(walletEndpoints.sandboxDecision, { params: { authority }, body: { decision } }),
  };
}
