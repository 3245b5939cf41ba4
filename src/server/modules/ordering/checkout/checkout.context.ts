import type { Db } from '../../../db/client';
import type { MailOutbox } from '../../mail/mail-outbox.service';
import type { CartService } from '../cart/cart.service';

export interface CheckoutDeps {
  cart: CartService;
  outbox: MailOutbox;
  now: () => Date;
  shopName: string;
  publicUrl: string;
}

/** The database and what the parts of the checkout share. */
export interface CheckoutContext {
  db: Db;
  deps: CheckoutDeps;
}
