;;; sastls-fix.el --- "Fix (verified)" for sastls.el  -*- lexical-binding: t; -*-

;;; Commentary:
;; The server verifies a fix (`sastls.fix'); this shows its diff in a `diff-mode' buffer and applies
;; it only after `y-or-n-p' (the file is saved then).  A fix that did not verify shows why, and its
;; last attempt as a diff buffer, never as an edit.  Used by `sastls-fix' and by the code action
;; ("sastls: Fix (verified) ..." in `eglot-code-actions').

;;; Code:

(require 'eglot)
(require 'diff-mode)
(require 'cl-lib)
(require 'subr-x)

(declare-function sastls--execute "sastls" (command arg))

(defconst sastls-fix-buffer "*sastls fix*" "Where the diff of a proposed fix is shown.")

(defun sastls-fix--present-p (value)
  (and value (not (eq value :json-false)) (not (equal value ""))))

(defun sastls-fix--verified-p (result)
  (and (eq (plist-get result :verified) t) (sastls-fix--present-p (plist-get result :edit))))

(defun sastls-fix-headline (result)
  "One line saying what RESULT is: the fix, its verification level and migration, or why there is none."
  (let ((what (if (sastls-fix--present-p (plist-get result :title)) (format " for %s" (plist-get result :title)) "")))
    (if (not (sastls-fix--verified-p result))
        (format "no verified fix%s: %s" what (or (plist-get result :stop_reason) (plist-get result :message) "unknown reason"))
      (concat (format "fix%s (%s): %s" what
                      (if (equal (plist-get result :level) "tested") "verified, tested"
                        "verified, scanner-clean (no test ran)")
                      (or (plist-get result :description) ""))
              (if (sastls-fix--present-p (plist-get result :migration))
                  (format ". NEEDS A MIGRATION: %s" (plist-get result :migration))
                "")))))

(defun sastls-fix--show-diff (title diff)
  "Show DIFF in `sastls-fix-buffer' (read-only, `diff-mode') under TITLE; return the buffer."
  (let ((buf (get-buffer-create sastls-fix-buffer)))
    (with-current-buffer buf
      (let ((inhibit-read-only t))
        (erase-buffer)
        (insert (format "# %s\n" title) diff))
      (diff-mode)
      (setq buffer-read-only t)
      (goto-char (point-min)))
    (display-buffer buf)
    buf))

(defun sastls-fix--target (edit)
  (let ((changes (plist-get edit :documentChanges)))
    (if (and changes (> (length changes) 0))
        (plist-get (plist-get (elt changes 0) :textDocument) :uri)
      (let ((c (plist-get edit :changes)))
        (and c (substring (symbol-name (car c)) 1))))))

(defun sastls-fix--apply (edit)
  "Apply the WorkspaceEdit EDIT with eglot (old and new signatures) and save the file."
  (if (>= (car (func-arity 'eglot--apply-workspace-edit)) 2)
      (eglot--apply-workspace-edit edit 'code-action)
    (eglot--apply-workspace-edit edit))
  (let* ((uri (sastls-fix--target edit))
         (buf (and uri (find-buffer-visiting (eglot--uri-to-path uri)))))
    (when buf
      (with-current-buffer buf (save-buffer)))))

(defun sastls-fix-present (result)
  "Show the server's answer RESULT; apply a verified fix only if the user agrees.  Non-nil when applied."
  (let ((status (plist-get result :status)))
    (cond
     ((null result) (message "sastls: the server sent no answer to the fix") nil)
     ((equal status "running") (message "sastls: a fix for this finding is already running") nil)
     ((equal status "cancelled") (message "sastls: fix cancelled") nil)
     ((equal status "error") (message "sastls: %s" (or (plist-get result :message) "the fix failed")) nil)
     ((not (sastls-fix--verified-p result))
      (when (sastls-fix--present-p (plist-get result :diff))
        (sastls-fix--show-diff "the last attempt, NOT verified (never applied)" (plist-get result :diff)))
      (message "sastls: %s" (sastls-fix-headline result))
      nil)
     (t
      (sastls-fix--show-diff (format "sastls %s" (sastls-fix-headline result)) (or (plist-get result :diff) ""))
      (if (y-or-n-p (format "sastls: %s.  Apply it? " (sastls-fix-headline result)))
          (progn (sastls-fix--apply (plist-get result :edit))
                 (when-let ((win (get-buffer-window sastls-fix-buffer))) (quit-window nil win))
                 (message "sastls: fix applied to %s" (plist-get result :path))
                 t)
        (message "sastls: fix not applied")
        nil)))))

(defun sastls-fix-run (arg)
  "Ask the server for a verified fix of the finding ARG (a plist with :uri and :fingerprint)."
  (sastls-fix-present (sastls--execute "sastls.fix" arg)))

;; The "Fix (verified)" code action runs this instead of a bare workspace/executeCommand.
(cl-defmethod eglot-execute-command (server (_command (eql sastls.fix)) arguments)
  "Run sastls.fix on SERVER with ARGUMENTS, then show the diff and ask before applying."
  (sastls-fix-present
   (jsonrpc-request server :workspace/executeCommand (list :command "sastls.fix" :arguments arguments)
                    :timeout 600)))

(provide 'sastls-fix)
;;; sastls-fix.el ends here
