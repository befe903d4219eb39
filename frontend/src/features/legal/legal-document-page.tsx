import { Fragment } from "react";
import { Link } from "react-router";
import { NewTabLink } from "../../components/ui/new-tab-link.tsx";
import { PageLayout } from "../../components/ui/page-layout.tsx";
import { youtubeChannelUrl } from "../../lib/format.ts";
import { usePublicConfig } from "../../lib/public-config.tsx";
import type { InlinePart, LegalBlock, LegalDocument } from "./legal-document.ts";

/** One legal text: plain markup and styles/site.css, no Chakra (ADR 0012). */
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
              <Inline parts={document.intro} />
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
  if ("paragraph" in block) {
    return (
      <p>
        <Inline parts={block.paragraph} />
      </p>
    );
  }
  return (
    <ul className="legal-list">
      {block.bullets.map((parts, index) => (
        <li key={index}>
          <Inline parts={parts} />
        </li>
      ))}
    </ul>
  );
}

function Inline({ parts }: { parts: readonly InlinePart[] }) {
  const { youtubeChannelId } = usePublicConfig();
  return parts.map((part, index) => {
    if (typeof part === "string") return <Fragment key={index}>{part}</Fragment>;
    if ("to" in part) {
      return (
        <Link key={index} to={part.to} className="link link--red link--underlined">
          {part.text}
        </Link>
      );
    }
    const href = "href" in part ? part.href : youtubeChannelUrl(youtubeChannelId);
    return (
      <NewTabLink key={index} href={href} className="link link--red link--underlined">
        {part.text}
      </NewTabLink>
    );
  });
}
