import { type LoaderFunctionArgs, NavLink, Outlet } from 'react-router';
import { ACCOUNT_SECTIONS, useAccountMember } from '../resources/account.ts';
import { displayName, requireMember } from '../resources/member.ts';
import { storeOf } from '../sdk.ts';

/** `/account`: members only; visitors go to sign in and come back. */
export async function accountLoader({ request, context }: LoaderFunctionArgs) {
  return { member: await requireMember(storeOf(context), request) };
}

export function Account() {
  const member = useAccountMember();
  return (
    <div className="account">
      <header className="account-head">
        <p className="eyebrow">My account</p>
        <h1>Hello, {displayName(member)}</h1>
        <p className="muted">{member.email?.address}</p>
      </header>
      <div className="account-body">
        <nav className="account-nav" aria-label="Account sections">
          <ul>
            {ACCOUNT_SECTIONS.map((section) => (
              <li key={section.slug}>
                <NavLink to={`/account/${section.slug}`} className="account-tab">
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account-main">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
