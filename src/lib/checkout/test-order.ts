// How a test order (made in test mode, where the built-in PayPal fake stands in for PayPal) is
// named wherever an order shows: the owner's lists and dialog, the packing slip and the mails.
export const TEST_ORDER_LABEL = 'Test order — no payment taken';
