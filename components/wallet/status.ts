import type { StatusTone } from "@/components/ui/StatusPill";
import type { TransactionStatus } from "@/lib/api/wallet";

/** The colour of each transaction status (its word is in wallet.status). */
export const transactionTones: Record<TransactionStatus, StatusTone> = { paid: "success", pending: "warning", failed: "danger" };
