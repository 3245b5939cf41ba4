import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

/** A card that is a section of the page, named by its heading (an h2). */
export function SectionCard({
  id,
  title,
  titleClassName = 'h5 mb-3',
  className,
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  titleClassName?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id} className={className} data-testid={testId}>
      <Card.Body className="p-4">
        <Card.Title as="h2" id={id} className={titleClassName}>
          {title}
        </Card.Title>
        {children}
      </Card.Body>
    </Card>
  );
}
