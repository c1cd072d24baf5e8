import type { Route } from "./+types/terms";
import { LegalPage } from "#app/components/legal-page.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Terms of Service · Murmur" }];

export default function Terms() {
  return (
    <LegalPage title="Terms of Service">
      <section>
        <h2>1. Who these terms are between</h2>
        <p>
          These terms apply between you and the organisation that runs this Murmur server (the &ldquo;operator&rdquo;).
          Murmur itself is open-source software; its authors do not run this server and are not a party to these terms.
        </p>
      </section>
      <section>
        <h2>2. Your account</h2>
        <ul>
          <li>Give accurate details when you sign up and keep your password to yourself.</li>
          <li>You are responsible for what is done with your account and your team&apos;s API keys.</li>
          <li>Tell the operator promptly if you think your account has been used without your permission.</li>
        </ul>
      </section>
      <section>
        <h2>3. Your audience and your messages</h2>
        <p>
          You keep ownership of the contacts, events and campaign content you put into Murmur. You confirm that you have
          the right to use them and that the people you message have agreed to hear from you on that channel.
        </p>
        <ul>
          <li>Do not send spam, or messages that are unlawful, deceptive or harmful.</li>
          <li>
            Honour unsubscribes. Murmur adds an unsubscribe link to marketing email and suppresses addresses that opt
            out.
          </li>
          <li>Follow the rules of the email, SMS and WhatsApp providers your team connects.</li>
        </ul>
      </section>
      <section>
        <h2>4. Acceptable use</h2>
        <p>
          Do not try to break, overload or get around the security of this server, or reach data that belongs to another
          team. The operator may suspend an account that puts the service or other people at risk.
        </p>
      </section>
      <section>
        <h2>5. Availability and changes</h2>
        <p>
          The operator runs this service as it is and may change or stop it. When these terms change, the new version is
          published on this page; using the service afterwards means you accept it.
        </p>
      </section>
      <section>
        <h2>6. Liability</h2>
        <p>
          To the extent the law allows, the operator is not liable for indirect losses, or for losses caused by messages
          you send or by third-party delivery providers.
        </p>
      </section>
      <section>
        <h2>7. Contact</h2>
        <p>Questions about these terms go to the operator of this server.</p>
      </section>
    </LegalPage>
  );
}
