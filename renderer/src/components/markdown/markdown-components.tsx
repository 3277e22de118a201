import type { Components, ExtraProps } from 'react-markdown';
import type { ComponentProps } from 'react';
import { Citation } from '../knowledge/Citation';
import { CodeBlock } from './code/CodeBlock';
import { codeLanguage, hastText } from './hast-text';
import { MarkdownImage } from './links/MarkdownImage';
import { MarkdownLink } from './links/MarkdownLink';
import { MermaidDiagram } from './diagrams/MermaidDiagram';

function Pre({ node, children }: ComponentProps<'pre'> & ExtraProps) {
  const code = node?.children.find((child) => child.type === 'element' && child.tagName === 'code');
  return (
    <CodeBlock language={codeLanguage(code)} code={hastText(code).replace(/\n$/, '')}>
      {children}
    </CodeBlock>
  );
}

/** A citation mark (rehype-citations.ts) is a Citation; any other <sup> stays as it is. */
function Sup({ node, children }: ComponentProps<'sup'> & ExtraProps) {
  const cited = node?.properties?.dataCitation;
  if (typeof cited !== 'string' && typeof cited !== 'number') return <sup>{children}</sup>;
  return <Citation n={Number(cited)}>{children}</Citation>;
}

function Table({ children }: ComponentProps<'table'> & ExtraProps) {
  return (
    <div className="md-table-wrap">
      <table>{children}</table>
    </div>
  );
}

/** A finished block's code: a ```mermaid fence is drawn as a diagram, with the code as its fallback. */
function FinishedPre(props: ComponentProps<'pre'> & ExtraProps) {
  const code = props.node?.children.find((child) => child.type === 'element' && child.tagName === 'code');
  if (codeLanguage(code) !== 'mermaid') return <Pre {...props} />;
  return <MermaidDiagram source={hastText(code)} fallback={<Pre {...props} />} />;
}

/** How model markdown becomes elements: links, images and code blocks get our own components. */
export const MARKDOWN_COMPONENTS: Components = {
  a: ({ href, children }) => <MarkdownLink href={typeof href === 'string' ? href : undefined}>{children}</MarkdownLink>,
  img: ({ src, alt }) => <MarkdownImage src={typeof src === 'string' ? src : undefined} alt={typeof alt === 'string' ? alt : undefined} />,
  pre: Pre,
  table: Table,
  sup: Sup,
};

/** The same for a finished block: diagrams are drawn only once their source is complete. */
export const FINISHED_MARKDOWN_COMPONENTS: Components = { ...MARKDOWN_COMPONENTS, pre: FinishedPre };
