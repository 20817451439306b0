package org.reusedetector.page;

/**
 * What a chunk's hash covers.
 *
 * <ul>
 *   <li>{@link #TEXT}: the chunk's visible text only. The default: copies re-styled with other classes,
 *       inline styles or tracking attributes still match exactly, and the minimum chunk length then
 *       counts characters of content rather than of markup.
 *   <li>{@link #HTML}: jsoup's normalised HTML of the chunk (tags and attributes included, comments
 *       dropped), closest to the paper, which hashed raw HTML.
 * </ul>
 */
public enum ContentForm {
    TEXT,
    HTML
}
