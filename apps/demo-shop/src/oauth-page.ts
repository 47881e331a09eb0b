import type { ShopUser } from './users.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The shop's "install / approve this app" page: a small accessible form, no script. */
export function authorizePage(p: {
  shop: string;
  problem: string | null;
  scope: string;
  clientId: string;
  redirectUri: string;
  state: string;
  perUser: boolean;
  users: ShopUser[];
}): string {
  const e = escapeHtml;
  const scopes = p.scope
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => `<li><code>${e(s)}</code></li>`)
    .join('');
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${e(value)}">`;
  const users = p.users
    .map(
      (
        u,
        i,
      ) => `<div class="user"><input type="radio" id="user-${u.id}" name="user" value="${u.id}"${i === 0 ? ' checked' : ''}>
        <label for="user-${u.id}">${e(u.firstName)} ${e(u.lastName)} <span class="email">${e(u.email)}</span></label></div>`,
    )
    .join('');
  const body = p.problem
    ? `<h1>Cannot install the app</h1><p role="alert">${e(p.problem)}</p>`
    : `<h1>Install Service Portal</h1>
    <p>Service Portal wants to access <strong>${e(p.shop)}</strong>. It will be allowed to:</p>
    <ul>${scopes}</ul>
    <form method="post" action="/admin/oauth/authorize">
      ${hidden('client_id', p.clientId)}${hidden('redirect_uri', p.redirectUri)}${hidden('state', p.state)}${hidden('scope', p.scope)}${hidden('per_user', String(p.perUser))}
      <fieldset>
        <legend>Signed in to the shop as</legend>
        ${users}
      </fieldset>
      <div class="actions">
        <button type="submit" name="decision" value="approve">Install app</button>
        <button type="submit" name="decision" value="deny" class="secondary">Cancel</button>
      </div>
    </form>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Install Service Portal – ${e(p.shop)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f1f1f1; color: #1a1a1a; }
  main { max-width: 32rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: 0.75rem; box-sizing: border-box; }
  @media (max-width: 34rem) { main { margin: 0; border-radius: 0; } }
  header { font-size: 0.875rem; color: #4a4a4a; margin-bottom: 1rem; }
  fieldset { border: 1px solid #8a8a8a; border-radius: 0.5rem; margin: 1rem 0; padding: 0.75rem; }
  .user { margin: 0.4rem 0; display: flex; gap: 0.5rem; align-items: baseline; }
  .email { color: #4a4a4a; word-break: break-all; }
  .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; }
  button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 0.5rem; border: 1px solid #1a1a1a; background: #1a1a1a; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1a1a1a; }
  button:focus-visible, input:focus-visible { outline: 3px solid #005bd3; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <header>${e(p.shop)} · demo shop</header>
  ${body}
</main>
</body>
</html>`;
}
