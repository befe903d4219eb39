import type { SeedAccount } from "./seed-accounts.ts";

/** Google's sign-in pages, reduced to picking an account. */
export function accountChooserPage(input: {
  clientId: string;
  params: URLSearchParams;
  accounts: readonly SeedAccount[];
  loginHint: string | null;
}) {
  const choices = input.accounts.map((account) => ({
    value: account.email,
    label: account.name,
    detail: account.email,
    autofocus: account.email === input.loginHint,
  }));
  const lead = `<p>to continue to <strong>${escapeHtml(input.clientId)}</strong></p>
    <p class="note">Local Google stand-in: choosing an account also grants the requested access.</p>`;
  return pickerPage("Sign in", "Choose an account", "account", input.params, choices, lead);
}

/** For a person who manages Brand Accounts, with YouTube asked: whose channel. */
export function channelPickerPage(input: { clientId: string; params: URLSearchParams; person: SeedAccount }) {
  const { person } = input;
  const choice = (identity: SeedAccount, detail: string) => ({
    value: identity.sub,
    label: identity.channel?.title ?? identity.name,
    detail,
  });
  const choices = [
    choice(person, `${person.email} (personal account)`),
    ...(person.brandAccounts ?? []).map((brand) => choice(brand, "Brand Account")),
  ];
  const lead = `<p>to continue to <strong>${escapeHtml(input.clientId)}</strong> as ${escapeHtml(person.email)}</p>`;
  return pickerPage("Choose a channel", "Choose a channel", "identity", input.params, choices, lead);
}

function pickerPage(
  title: string,
  heading: string,
  name: string,
  params: URLSearchParams,
  choices: Array<{ value: string; label: string; detail: string; autofocus?: boolean }>,
  lead: string,
) {
  const hidden = [...params]
    .map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`)
    .join("\n      ");
  const buttons = choices
    .map(
      ({ value, label, detail, autofocus }) =>
        `<li><button type="submit" name="${name}" value="${escapeHtml(value)}"${autofocus ? " autofocus" : ""}>
        <span class="name">${escapeHtml(label)}</span>
        <span class="email">${escapeHtml(detail)}</span>
      </button></li>`,
    )
    .join("\n      ");
  return layout(
    `${title} - Google Accounts`,
    `<h1>${heading}</h1>
    ${lead}
    <form method="get" action="/o/oauth2/v2/auth/choose">
      ${hidden}
      <ul>
      ${buttons}
      </ul>
      <button type="submit" name="cancel" value="1" class="cancel">Cancel</button>
    </form>`,
  );
}

export function errorPage({ error, description, status }: { error: string; description: string; status: number }) {
  return layout(
    `Error ${status} (${error})`,
    `<h1>Access blocked: Authorization Error</h1>
    <p>${escapeHtml(description)}</p>
    <p><strong>Error ${status}: ${escapeHtml(error)}</strong></p>`,
  );
}

function layout(title: string, body: string) {
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

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
