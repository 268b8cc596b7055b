import type { Config } from '../../config.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';

export class PaymentProviderError extends Error {}

/**
 * The provider PAYMENT_PROVIDER names. Only the sandbox exists so far: asking for Stripe stops the
 * server at start-up rather than taking orders it cannot charge.
 */
export function createPaymentProvider(config: Pick<Config, 'paymentProvider' | 'publicUrl'>): PaymentProvider {
  switch (config.paymentProvider) {
    case 'sandbox':
      return createSandboxProvider({ publicUrl: config.publicUrl });
    case 'stripe':
      throw new PaymentProviderError(
        'PAYMENT_PROVIDER=stripe is not implemented yet: the Stripe Checkout adapter does not exist. Use PAYMENT_PROVIDER=sandbox (the default).',
      );
  }
}
