import { LandingPage } from './landing-page.tsx';

/** `/affiliates/make-money`: the marketers' landing page; its leads are formType 'makeMoney'. */
export function Component() {
  return <LandingPage formType="makeMoney" />;
}
