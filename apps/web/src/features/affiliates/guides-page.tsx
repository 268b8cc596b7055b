import { LandingPage } from './landing-page.tsx';

/** `/affiliates/guides`: the tour guides' landing page; its leads are formType 'guides'. */
export function Component() {
  return <LandingPage formType="guides" />;
}
