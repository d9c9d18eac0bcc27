// The formats of PayPal's ids, checked before an id goes into any URL of PayPal's API or of the site.

/** A PayPal order id (PayPal's own pattern). */
export const PAYPAL_ORDER_ID = /^[A-Z0-9]{1,36}$/;

/** A PayPal capture id (the same alphabet as order ids). */
export const PAYPAL_CAPTURE_ID = /^[A-Z0-9]{1,36}$/;
