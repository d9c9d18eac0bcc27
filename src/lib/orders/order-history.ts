// One change of an order's fulfilment status, as the owner's order dialog lists it. The server reads
// it with a Date and sends it with an ISO string; both sides use this one type.
export interface OrderHistoryEntry<When = string> {
  id: string;
  fromStatus: string;
  toStatus: string;
  changedBy: string;
  note: string | null;
  customerNotified: boolean;
  createdAt: When;
}
