import { redirect } from "react-router";
export function action() {
  return redirect("/");
}
