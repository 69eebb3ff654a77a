// The page itself: cover, portrait, name, subtitle, story and links, in the owner's colour.
import { useTranslation } from "react-i18next";
import type { ProfileContent } from "../../../contract/profiles";
import { useNonce } from "../../lib/nonce";

type Props = { id: string; content: ProfileContent; pageUrl: string; preview?: boolean };

/** The story as paragraphs: an empty line starts a new one, single line breaks are kept. */
function paragraphs(story: string): string[][] {
  return story
    .split(/\n\s*\n/)
    .map((block) => block.split("\n").map((line) => line.trimEnd()))
    .filter((lines) => lines.some((line) => line.trim()));
}

export function ProfileView({ id, content, preview = false }: Props) {
  const { t } = useTranslation();
  const nonce = useNonce();
  const themeClass = `kammare-${id.toLowerCase()}`;
  return (
    <article aria-labelledby="profile-name" className={`${themeClass} mx-auto flex max-w-2xl flex-col gap-6`}>
      {!preview && <title>{`${content.displayName} – Kammare`}</title>}
      {/* The owner's colour, as a class rule: the CSP allows no inline style attributes. */}
      <style nonce={nonce}>{`.${themeClass}{--profile-accent:${content.themeColor}}`}</style>
      {content.coverImageUrl && (
        <img
          src={content.coverImageUrl}
          alt=""
          className="aspect-[8/3] w-full rounded-[var(--radius-card)] object-cover"
          width={1600}
          height={600}
        />
      )}
      <header className="flex flex-col items-center gap-3 text-center">
        {content.portraitImageUrl && (
          <img
            src={content.portraitImageUrl}
            alt={t("profile.portraitAlt", { name: content.displayName })}
            className="-mt-16 size-32 rounded-full border-4 border-raised object-cover shadow sm:size-40"
            width={320}
            height={320}
          />
        )}
        <h1 id="profile-name" className="text-4xl font-semibold text-[var(--profile-accent)] sm:text-5xl">
          {content.displayName}
        </h1>
        {content.subtitle && <p className="text-lg text-muted">{content.subtitle}</p>}
      </header>
      {content.story && (
        <div className="flex flex-col gap-4 text-lg leading-relaxed">
          {paragraphs(content.story).map((lines, index) => (
            <p key={index}>
              {lines.map((line, lineIndex) => (
                <span key={lineIndex}>
                  {lineIndex > 0 && <br />}
                  {line}
                </span>
              ))}
            </p>
          ))}
        </div>
      )}
      {content.links.length > 0 && (
        <section aria-labelledby="profile-links" className="flex flex-col gap-2">
          <h2 id="profile-links" className="text-xl font-semibold">
            {t("profile.links")}
          </h2>
          <ul className="flex flex-col gap-2">
            {content.links.map((link) => (
              <li key={`${link.label}-${link.url}`}>
                <a
                  href={link.url}
                  rel="noopener noreferrer nofollow"
                  className="block rounded-[var(--radius-control)] border border-line bg-raised px-4 py-3 font-medium text-[var(--profile-accent)] underline-offset-4 hover:underline"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
