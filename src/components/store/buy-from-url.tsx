"use client";
// The store opens a plan's buy dialog from its address (`/store?buy=<planId>`), so a page that sends
// a buyer here (registering to buy a plan, a link in a mail) lands on that plan's purchase. Closing
// the dialog drops the parameter; an id that names no plan on sale opens nothing.
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { BuyDialog, type BuyablePlan } from "./buy-dialog";

export function BuyFromUrl({ plans }: { plans: BuyablePlan[] }) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const plan = plans.find((p) => p.id === params.get("buy")) ?? null;
  const close = () => {
    const rest = new URLSearchParams(params);
    rest.delete("buy");
    router.replace(rest.size > 0 ? `${pathname}?${rest}` : pathname, { scroll: false });
  };
  return <BuyDialog plan={plan} opened={plan !== null} onClose={close} />;
}
