import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { createGrowProvider } from './grow.ts';
import { PaymentProviderError, type PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';
import { createStripeProvider } from './stripe.ts';

export { PaymentProviderError };

/**
 * The provider PAYMENT_PROVIDER names, with the settings loadConfig required for it. The JWT secret
 * keys Grow's payer ids (growPayerId); `log` hears what a provider could not look up but did without.
 */
export function createPaymentProvider(config: Pick<Config, 'paymentProvider' | 'publicUrl' | 'stripe' | 'grow' | 'jwtSecret'>, log?: Pick<FastifyBaseLogger, 'warn'>): PaymentProvider {
  switch (config.paymentProvider) {
    case 'sandbox':
      return createSandboxProvider({ publicUrl: config.publicUrl });
    case 'stripe':
      if (!config.stripe) throw new PaymentProviderError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
      return createStripeProvider({ ...config.stripe, log });
    case 'grow':
      if (!config.grow) throw new PaymentProviderError('PAYMENT_PROVIDER=grow needs GROW_USER_ID and GROW_PAGE_CODE');
      return createGrowProvider({ ...config.grow, publicUrl: config.publicUrl, payerSecret: config.jwtSecret });
  }
}
