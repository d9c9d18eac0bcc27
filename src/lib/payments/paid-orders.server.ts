// Which orders are sales: payment completed, and not a test order (made in test mode, where the
// built-in PayPal fake "completes" payments and no money is taken). Every sales figure uses this.
import { and, eq } from 'drizzle-orm';
import { orders } from '~db/schema';

export const paidOrder = () => and(eq(orders.paymentStatus, 'completed'), eq(orders.testMode, false));
