// What must hold across web processes because it lives in PostgreSQL: a session made
// through one process is accepted by every other, and failed sign-ins are counted once
// for all of them.

/** Signs up through the load balancer; the token, the person and their team. */
export async function signUp(url: string): Promise<{ token: string; userId: string; teamId: string }> {
  const response = await fetch(`${url}/api/auth/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      email: `owner-${Date.now()}@cluster.test`,
      password: "cluster-password-1",
      name: "Cluster Owner",
    }),
  });
  if (!response.ok) throw new Error(`Signing up failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  const me = (await (await fetch(`${url}/api/me`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    data: { user: { id: string }; team: { id: string } };
  };
  return { token, userId: me.data.user.id, teamId: me.data.team.id };
}

/** GET /api/me with the session's token from each web process directly. */
export async function checkSessions(web: { name: string; url: string }[], token: string) {
  return Promise.all(
    web.map(async (process) => {
      const response = await fetch(`${process.url}/api/me`, { headers: { Authorization: `Bearer ${token}` } });
      await response.body?.cancel();
      return { process: process.name, status: response.status };
    }),
  );
}

/**
 * Eleven failed sign-ins for one address from one client, each to the next web process in
 * turn (directly, not through the load balancer); the statuses they got. Counted per
 * process, none would be refused; counted in PostgreSQL, the eleventh is. The limit counts
 * in 15-minute windows: attempts that straddle the turn of one are made again.
 */
export async function checkRateLimit(web: { name: string; url: string }[]) {
  for (;;) {
    const window = () => Math.floor(Date.now() / (15 * 60_000));
    const first = window();
    const email = `rate-limited-${Date.now()}@cluster.test`;
    const statuses: { process: string; status: number }[] = [];
    for (let n = 0; n < 11; n++) {
      const process = web[n % web.length]!;
      const response = await fetch(`${process.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password: "not-the-password" }),
      });
      await response.body?.cancel();
      statuses.push({ process: process.name, status: response.status });
    }
    if (window() === first) return statuses;
  }
}
