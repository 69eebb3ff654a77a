// "Leave this page" for an editor in a page's Family panel (ADR 029), after a confirmation.
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { api } from "../../lib/api";
import { Alert } from "../alert";
import { Button } from "../button";
import { Dialog } from "../dialog";
import { useToast } from "../toast";

export function LeavePage({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function leave() {
    setBusy(true);
    setFailed(false);
    try {
      // The page's data loads again after the call: the viewer then sees it as a visitor does.
      await api.post("/kammare/editors/leave", { body: { profileId } });
      setConfirming(false);
      toast.show({ title: t("family.left") });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="border-t border-line pt-5">
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {t("family.leave")}
      </Button>
      <Dialog open={confirming} title={t("family.leaveTitle")} onClose={() => setConfirming(false)}>
        <div className="flex flex-col gap-4">
          <p>{t("family.leaveText")}</p>
          {failed && <Alert tone="error" title={t("family.errors.generic")} />}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t("family.cancel")}
            </Button>
            <Button variant="danger" busy={busy} onClick={() => void leave()}>
              {t("family.leaveConfirm")}
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
