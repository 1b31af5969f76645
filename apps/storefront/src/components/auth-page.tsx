import { type ReactNode, useState } from 'react';
import { Link, type LoaderFunctionArgs, redirect, useLocation } from 'react-router';
import { useSettledActionData } from '../lib/action-data.ts';
import { showError } from '../lib/errors.ts';
import { usePageTitle } from '../lib/title.ts';
import {
  type AuthStep,
  goTo,
  resendEmailCode,
  returnTargetOf,
  verifyEmailCode,
} from '../resources/session.ts';
import { browserStore, storeOf } from '../sdk.ts';
import { ApprovalStep, CaptchaBox, CodeStep, secondFactorAction } from './auth-steps.tsx';

// What the sign-in and sign-up pages share: who may open them, the steps their forms post, and the card.

/** Sign-in and sign-up are for visitors: a signed-in member goes where they were going. */
export async function signedOutLoader({ request, context }: LoaderFunctionArgs): Promise<null> {
  const store = storeOf(context);
  if (store.loggedIn()) throw redirect(await returnTargetOf(store, new URL(request.url)));
  return null;
}

/**
 * Every step of signing in or up posts to its page's action; hidden fields carry the state tokens between
 * steps. The e-mail code and second-factor steps are the same on both pages; `own` handles the page's own
 * intents (its first form). A finished step goes where the shopper was going.
 */
export async function authAction(
  request: Request,
  own: (intent: string, form: FormData, target: string) => Promise<AuthStep | Response>,
): Promise<AuthStep | Response> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const target = await returnTargetOf(browserStore(), new URL(request.url));
  const stateToken = String(form.get('stateToken') ?? '');
  let step: AuthStep | Response;
  try {
    if (intent === 'verify-email')
      step = await verifyEmailCode(stateToken, String(form.get('code') ?? '').trim(), target);
    else if (intent === 'resend') step = await resendEmailCode(stateToken);
    else step = (await secondFactorAction(intent, form, target)) ?? (await own(intent, form, target));
  } catch (error) {
    step = { step: 'form', error: showError(error) };
  }
  if (step instanceof Response) return step;
  return step.step === 'done' ? goTo(step.target) : step;
}

/**
 * The page (titled `title`) and its card: the code or approval step when the action's last answer asks for
 * one, else the page's first form; then `children`, and the link to the other page (`switchTo`: the question,
 * the page, the link's text), keeping where the shopper was going.
 */
export function AuthCard({
  id,
  title,
  form,
  switchTo: [question, page, link],
  children,
}: {
  id: string;
  title: string;
  form: (step: AuthStep | undefined) => ReactNode;
  switchTo: readonly [question: string, page: string, link: string];
  children?: ReactNode;
}) {
  const step = useSettledActionData<AuthStep>();
  const { search } = useLocation();
  usePageTitle(title);
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby={id}>
        <h1 id={id}>{title}</h1>
        {step?.step === 'verify-email' || step?.step === 'second-factor' ? (
          <CodeStep step={step} />
        ) : step?.step === 'approval' ? (
          <ApprovalStep />
        ) : (
          form(step)
        )}
        {children}
        <p className="auth-switch">
          {question} <Link to={`${page}${search}`}>{link}</Link>
        </p>
      </section>
    </div>
  );
}

/**
 * A first form's error and visible captcha: the captcha box when the last answer asked for one, and whether
 * the submit button waits for it to be solved.
 */
export function useCaptchaGate(step: AuthStep | undefined) {
  const captcha = step?.step === 'captcha' && step.variant === 'VISIBLE' ? step : undefined;
  const [solvedAt, setSolvedAt] = useState<number>();
  return {
    error: step?.step === 'form' || step?.step === 'captcha' ? step.error : undefined,
    waiting: captcha !== undefined && solvedAt !== captcha.at,
    box: captcha && (
      <CaptchaBox key={captcha.at} onSolved={(ok) => setSolvedAt(ok ? captcha.at : undefined)} />
    ),
  };
}
