import type { SeedAccount } from "./seed-accounts.ts";

/** Google's sign-in pages, reduced to what a person (or a Playwright test) needs to pick an account. */
export function accountChooserPage(input: {
  clientId: string;
  params: URLSearchParams;
  accounts: readonly SeedAccount[];
  loginHint: string | null;
}): string {
  const hidden = hiddenFields(input.params);
  const buttons = input.accounts
    .map(
      (account) => `<li><button type="submit" name="account" value="${escapeHtml(account.email)}"${
        account.email === input.loginHint ? " autofocus" : ""
      }>
        <span class="name">${escapeHtml(account.name)}</span>
        <span class="email">${escapeHtml(account.email)}</span>
      </button></li>`,
    )
    .join("\n      ");
  return layout(
    "Sign in - Google Accounts",
    `<h1>Choose an account</h1>
    <p>to continue to <strong>${escapeHtml(input.clientId)}</strong></p>
    <p class="note">Local Google stand-in: choosing an account also grants the requested access.</p>
    <form method="get" action="/o/oauth2/v2/auth/choose">
      ${hidden}
      <ul>
      ${buttons}
      </ul>
      <button type="submit" name="cancel" value="1" class="cancel">Cancel</button>
    </form>`,
  );
}

/** After the account chooser, with YouTube asked, for a person who manages Brand Accounts: whose channel. */
export function channelPickerPage(input: { clientId: string; params: URLSearchParams; person: SeedAccount }): string {
  const { person } = input;
  const choices = [
    { identity: person, label: person.channel?.title ?? person.name, detail: `${person.email} (personal account)` },
    ...(person.brandAccounts ?? []).map((brand) => ({
      identity: brand,
      label: brand.channel?.title ?? brand.name,
      detail: "Brand Account",
    })),
  ];
  const buttons = choices
    .map(
      ({ identity, label, detail }) => `<li><button type="submit" name="identity" value="${escapeHtml(identity.sub)}">
        <span class="name">${escapeHtml(label)}</span>
        <span class="email">${escapeHtml(detail)}</span>
      </button></li>`,
    )
    .join("\n      ");
  return layout(
    "Choose a channel - Google Accounts",
    `<h1>Choose a channel</h1>
    <p>to continue to <strong>${escapeHtml(input.clientId)}</strong> as ${escapeHtml(person.email)}</p>
    <form method="get" action="/o/oauth2/v2/auth/choose">
      ${hiddenFields(input.params)}
      <ul>
      ${buttons}
      </ul>
      <button type="submit" name="cancel" value="1" class="cancel">Cancel</button>
    </form>`,
  );
}

/** The authorization request's parameters, carried from one step of the sign-in to the next. */
function hiddenFields(params: URLSearchParams): string {
  return [...params]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n      ");
}

export function errorPage(error: string, description: string, status: number): string {
  return layout(
    `Error ${status} (${error})`,
    `<h1>Access blocked: Authorization Error</h1>
    <p>${escapeHtml(description)}</p>
    <p><strong>Error ${status}: ${escapeHtml(error)}</strong></p>`,
  );
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #202124; }
    ul { list-style: none; padding: 0; }
    li button { display: flex; flex-direction: column; width: 100%; text-align: left; padding: 0.75rem 1rem;
      margin: 0.25rem 0; border: 1px solid #dadce0; border-radius: 8px; background: #fff; cursor: pointer; font: inherit; }
    li button:hover, li button:focus { background: #f1f3f4; }
    .email, .note { color: #5f6368; font-size: 0.875rem; }
    .cancel { margin-top: 1rem; padding: 0.5rem 1rem; font: inherit; }
  </style>
</head>
<body>
  <main>
    ${body}
  </main>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
