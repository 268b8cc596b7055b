import { DEFAULT_LANGUAGE, LANGUAGES, okStatusReplySchema, type Language, type LandingFormRequest } from '@streethunt/shared';
import { apiRequest } from '../../api/client.ts';

/** The interface language as the API names languages (Hebrew when it is neither). */
function languageOf(language: string | undefined): Language {
  const base = (language ?? '').split('-')[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : DEFAULT_LANGUAGE;
}

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
