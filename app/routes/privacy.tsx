import type { Route } from "./+types/privacy";
import { LegalPage } from "#app/components/legal-page.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Privacy Policy · Murmur" }];

export default function Privacy() {
  return (
    <LegalPage title="Privacy Policy">
      <section>
        <h2>1. Who is responsible</h2>
        <p>
          This Murmur server is run by its operator, who decides how the data on it is used and is responsible for it.
          Murmur is self-hosted: your data is stored on the operator&apos;s own infrastructure, not sent to
          Murmur&apos;s authors.
        </p>
      </section>
      <section>
        <h2>2. What is stored about you</h2>
        <ul>
          <li>Your account: name, email address and a hash of your password (never the password itself).</li>
          <li>
            Your sessions: when they started and expire, and the address and browser they came from, to keep your
            account safe.
          </li>
          <li>
            Failed sign-in and sign-up attempts, with the email and network address they came from, to slow down
            password guessing.
          </li>
          <li>Your preferences, such as the light or dark theme, kept in cookies on your device.</li>
        </ul>
      </section>
      <section>
        <h2>3. Your team&apos;s audience</h2>
        <p>
          Contacts, events and campaigns your team adds are processed on its behalf, to build segments, deliver messages
          and report opens and clicks. Your team decides what goes in and is responsible for having the right to use it.
        </p>
      </section>
      <section>
        <h2>4. Cookies</h2>
        <p>
          Murmur uses only the cookies it needs to work: one that keeps you signed in, one for a short message after an
          action, and two that remember your theme and whether the side navigation is collapsed. There are no
          advertising or third-party tracking cookies.
        </p>
      </section>
      <section>
        <h2>5. Who else receives data</h2>
        <p>
          Messages are handed to the email, SMS and WhatsApp providers your team configures, only as far as needed to
          deliver them. The operator may also use hosting providers to run this server.
        </p>
      </section>
      <section>
        <h2>6. How long it is kept, and your rights</h2>
        <p>
          Data is kept while your account or your team exists, unless the operator sets a shorter period. You can ask
          the operator for a copy of your data, to correct it or to delete it.
        </p>
      </section>
      <section>
        <h2>7. Contact</h2>
        <p>Questions about privacy go to the operator of this server.</p>
      </section>
    </LegalPage>
  );
}
