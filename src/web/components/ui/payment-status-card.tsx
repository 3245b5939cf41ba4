import { Button } from './button';
import Card from 'react-bootstrap/Card';
import { Spinner } from './spinner';
import { Link } from 'react-router';

import { Alert } from './alert';

interface FailedProps {
  failedText: string;
  /** Null: nothing to try again (no payment to ask about). */
  onRetry: (() => void) | null;
  retryText: string;
  back: { to: string; text: string };
}

/** The call itself failed: the failure, 'try again' (when there is something to ask about) and a way back. */
function StatusCallFailed({ failedText, onRetry, retryText, back }: FailedProps) {
  return (
    <>
      <Alert variant="danger" className="text-start">
        {failedText}
      </Alert>
      <div className="d-flex justify-content-center flex-wrap gap-2">
        {onRetry ? (
          <Button variant="primary" onClick={onRetry}>
            {retryText}
          </Button>
        ) : null}
        <Link to={back.to} className="btn btn-outline-primary">
          {back.text}
        </Link>
      </div>
    </>
  );
}

/** The server's message with a spinner, busy while it is still checked. */
function StatusMessage({ waiting, message, messageTestId }: { waiting: boolean; message: string; messageTestId: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy={waiting}>
      <Spinner animation="border" variant="primary" className="mb-3" aria-hidden="true" />
      <p className="lead mb-0" data-testid={messageTestId}>
        {message}
      </p>
    </div>
  );
}

/**
 * The body of a page that polls a payment's status (checkout, cash invoice): the server's
 * message with a spinner while it is checked, or, when the call itself failed, the failure with
 * 'try again' and a way back. The page does the polling and the redirects; this only shows them.
 */
export function PaymentStatusCard({
  title,
  className,
  failed,
  failedText,
  onRetry,
  retryText,
  back,
  waiting,
  message,
  messageTestId,
  width = 'col-md-10 col-lg-7 col-xl-6',
}: FailedProps & {
  title: string;
  className: string;
  failed: boolean;
  waiting: boolean;
  message: string;
  messageTestId: string;
  width?: string;
}) {
  return (
    <section className={className}>
      <h1 className="page-title">{title}</h1>
      <div className="row justify-content-center mt-4">
        <div className={width}>
          <Card className={`${className}-card`}>
            <Card.Body className="p-4 text-center">
              {failed ? (
                <StatusCallFailed failedText={failedText} onRetry={onRetry} retryText={retryText} back={back} />
              ) : (
                <StatusMessage waiting={waiting} message={message} messageTestId={messageTestId} />
              )}
            </Card.Body>
          </Card>
        </div>
      </div>
    </section>
  );
}
