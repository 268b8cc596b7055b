import { okStatusReplySchema, type LandingFormRequest } from '@streethunt/shared';
import { apiRequest } from '../../api/client.ts';
import { languageOf } from '../../i18n/language-of.ts';

export const affiliatesApi = {
  /**
   * POST /api/landing-page-form (spec section 7): status 200 is success; a 4xx carries the message to
   * show. Accept-Language names the interface language: the server stores it with the lead and answers
   * its messages in it.
   */
  sendLandingForm: async (body: LandingFormRequest, language: string) => {
    await apiRequest('/api/landing-page-form', { method: 'POST', body, schema: okStatusReplySchema, headers: { 'accept-language': languageOf(language) } });
  },
};
