import { Fragment } from "react";
import { Link } from "react-router";
import { NewTabLink } from "../../components/ui/new-tab-link.tsx";
import { PageLayout } from "../../components/ui/page-layout.tsx";
import { youtubeChannelUrl } from "../../lib/format.ts";
import { usePublicConfig } from "../../lib/public-config.tsx";
import type { LegalBlock, LegalDocument } from "./legal-document.ts";

/** One legal text: plain markup and styles/site.css, no Chakra (ADR 12). */
export function LegalDocumentPage({ document }: { document: LegalDocument }) {
  return (
    <PageLayout>
      <div className="container container--narrow legal">
        <div className="stack">
          <Link to="/" className="button button--ghost-red">
            <span aria-hidden="true">←</span> Back to Home
          </Link>
          <div className="stack legal-header">
            <h1 className="page-title">{document.title}</h1>
            <p className="muted">Last updated: {document.lastUpdated}</p>
            <p className="legal-intro">
              <Inline text={document.intro} />
            </p>
          </div>
          {document.sections.map((section, index) => (
            <section key={section.heading} aria-labelledby={`section-${index + 1}`}>
              <h2 id={`section-${index + 1}`} className="legal-section-title">
                {document.numbered ? `${index + 1}. ${section.heading}` : section.heading}
              </h2>
              <div className="stack legal-body">
                {section.blocks.map((block, blockIndex) => (
                  <Block key={blockIndex} block={block} />
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </PageLayout>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string") {
    return (
      <p>
        <Inline text={block} />
      </p>
    );
  }
  return (
    <ul className="legal-list">
      {block.map((text, index) => (
        <li key={index}>
          <Inline text={text} />
        </li>
      ))}
    </ul>
  );
}

/** Split by the link pattern, the captures come out as text, target pairs. */
function Inline({ text }: { text: string }) {
  const { youtubeChannelId } = usePublicConfig();
  const pieces = text.split(/\[([^\]]+)\]\(([^)]+)\)/);
  return pieces.map((piece, index) => {
    if (index % 3 === 0) return <Fragment key={index}>{piece}</Fragment>;
    if (index % 3 === 2) return null;
    const target = pieces[index + 1] as string;
    if (target.startsWith("/")) {
      return (
        <Link key={index} to={target} className="link link--red link--underlined">
          {piece}
        </Link>
      );
    }
    const href = target === "channel" ? youtubeChannelUrl(youtubeChannelId) : target;
    return (
      <NewTabLink key={index} href={href} className="link link--red link--underlined">
        {piece}
      </NewTabLink>
    );
  });
}
