import { Fragment } from "react";

/**
 * A person's first and last name inside other text (a queue's row, a heading): each part isolated in
 * <bdi>, so a Persian first name and a Latin last name keep their order and neither reorders the row.
 */
export function UserName({ user }: { user: { first_name: string; last_name: string } }) {
  const parts = [user.first_name, user.last_name].filter((part) => part.trim() !== "");
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? " " : null}
          <bdi>{part}</bdi>
        </Fragment>
      ))}
    </>
  );
}
