import { promptPayPayload } from '../../shared/promptpay/promptpay-payload';
import { QrCode } from '../components/qr-code';

export interface PromptPayQrProps {
  promptPayId: string;
  amount: number;
  label: string;
}

/** The lazy part of the PromptPay panel: the payload (promptparse) and the QR encoder (uqr). */
export default function PromptPayQr({ promptPayId, amount, label }: PromptPayQrProps) {
  return (
    <QrCode
      text={promptPayPayload(promptPayId, amount)}
      label={label}
      className="size-48 shrink-0 sm:size-44"
    />
  );
}
