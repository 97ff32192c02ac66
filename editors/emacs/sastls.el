;;; sastls.el --- SAST finding triage through the sastls language server  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1") (eglot "1.9"))
;; Keywords: tools, languages

;;; Commentary:
;; Registers `sastls serve' with eglot and adds commands that act on the
;; finding at point:
;;   M-x sastls-investigate        investigate the finding at point
;;   M-x sastls-investigate-file   investigate every finding of the buffer
;;   M-x sastls-triage-workspace   investigate every finding of the project
;;   M-x sastls-fix                propose a verified fix
;;   M-x sastls-mark-false-positive / sastls-confirm-real   record a human verdict
;;   M-x sastls-report             open the finding's report
;; Setup:
;;   (require 'sastls)
;;   (sastls-register)              ; adds sastls to `eglot-server-programs'
;;   (add-hook 'python-mode-hook #'eglot-ensure)
;; eglot runs one server per major mode: sastls replaces another Python server there.

;;; Code:

(require 'eglot)
(require 'flymake)
(require 'cl-lib)
(require 'subr-x)

(defgroup sastls nil "SAST finding triage." :group 'tools)

(defcustom sastls-command nil
  "Command line that starts the server, e.g. (\"/path/to/sastls/.venv/bin/sastls\" \"serve\").
nil: the project's .venv/bin/sastls, else `sastls' on PATH (`exec-path')."
  :type '(choice (const nil) (repeat string)))

(defcustom sastls-modes '(python-mode python-ts-mode c-mode c-ts-mode c++-mode c++-ts-mode java-mode
                          js-mode js-ts-mode typescript-mode typescript-ts-mode go-mode go-ts-mode)
  "Major modes sastls serves."
  :type '(repeat symbol))

(defcustom sastls-settings nil
  "Server settings as a plist, same keys as .sastls.toml, e.g. (:analyst \"llm\" :model \"ollama/llama3.1\")."
  :type 'plist)

;; A project outside version control: eglot would take the file's own folder as the workspace, and the
;; findings files and `.sastls.toml' at the project's top would not be found. Found as the Neovim client
;; does: the nearest folder with a marker, else Emacs's starting folder when the file is under it.
(defcustom sastls-root-markers '(".sastls.toml" "pyproject.toml" "setup.py" "compile_commands.json")
  "Files that mark a project's root when it is not under version control (`project-try-vc' comes first)."
  :type '(repeat string))

(defun sastls--project-find (dir)
  "The project of DIR for a buffer in `sastls-modes' outside version control, as a transient project."
  (when (apply #'derived-mode-p sastls-modes)
    (let* ((dir (file-name-as-directory (expand-file-name dir)))
           (cwd (file-name-as-directory (expand-file-name command-line-default-directory)))
           (root (or (cl-some (lambda (marker) (locate-dominating-file dir marker)) sastls-root-markers)
                     (and (string-prefix-p cwd dir) cwd))))
      (and root (cons 'transient (file-name-as-directory (expand-file-name root)))))))

(defun sastls--contact (&optional _interactive)
  "The server command for the current project."
  (or sastls-command
      (let* ((root (or (and (project-current) (project-root (project-current))) default-directory))
             (venv (expand-file-name ".venv/bin/sastls" root)))
        (cond ((file-executable-p venv) (list venv "serve"))
              ((executable-find "sastls") (list "sastls" "serve"))
              (t (user-error (concat "sastls: server not found: put `sastls' on PATH (e.g. ln -s "
                                     "/path/to/sastls/.venv/bin/sastls ~/.local/bin/), or set "
                                     "`sastls-command' to (\"/path/to/sastls\" \"serve\")")))))))

;;;###autoload
(defun sastls-register ()
  "Register sastls with eglot for `sastls-modes', and find the root of a project outside version control."
  (add-hook 'project-find-functions #'sastls--project-find 90)
  (add-to-list 'eglot-server-programs
               (cons sastls-modes
                     (lambda (&optional interactive)
                       (append (sastls--contact interactive)
                               (when sastls-settings
                                 (list :initializationOptions sastls-settings)))))))

(defun sastls--findings-at-point ()
  "The sastls findings (LSP diagnostics with a fingerprint) at point."
  (cl-loop for diag in (flymake-diagnostics (line-beginning-position) (line-end-position))
           for spec = (alist-get 'eglot-lsp-diag (flymake-diagnostic-data diag))
           for data = (and spec (plist-get spec :data))
           when (and data (plist-get data :fingerprint))
           collect (list :message (plist-get spec :message) :fingerprint (plist-get data :fingerprint))))

(defun sastls--finding-arg ()
  "The command argument for the finding at point, asking when there are several."
  (let ((found (sastls--findings-at-point)))
    (unless found (user-error "sastls: no finding on this line"))
    (let ((f (if (cdr found)
                 (let* ((names (mapcar (lambda (f) (cons (plist-get f :message) f)) found))
                        (pick (completing-read "Finding: " names nil t)))
                   (cdr (assoc pick names)))
               (car found))))
      (list :uri (eglot--path-to-uri (buffer-file-name)) :fingerprint (plist-get f :fingerprint)))))

(defun sastls--execute (command arg)
  "Run server COMMAND with the single argument ARG; return its result."
  (jsonrpc-request (eglot--current-server-or-lose) :workspace/executeCommand
                   (list :command command :arguments (vector arg))
                   :timeout 600))

;;;###autoload
(defun sastls-investigate ()
  "Investigate the finding at point and show the verdict."
  (interactive)
  (let ((result (sastls--execute "sastls.investigate" (sastls--finding-arg))))
    (when result
      (message "sastls: %s — %s" (plist-get result :verdict) (or (plist-get result :justification) "")))
    result))

;;;###autoload
(defun sastls-investigate-file ()
  "Investigate every finding in this buffer."
  (interactive)
  (sastls--execute "sastls.investigateFile" (list :uri (eglot--path-to-uri (buffer-file-name)))))

;;;###autoload
(defun sastls-triage-workspace ()
  "Investigate every finding in the workspace."
  (interactive)
  (sastls--execute "sastls.investigateWorkspace" (make-hash-table)))

;;;###autoload
(defun sastls-fix ()
  "Propose a verified fix for the finding at point: show its diff, apply it only if you agree."
  (interactive)
  (sastls-fix-run (sastls--finding-arg)))

(defun sastls--read-reason (verdict)
  "Ask for the reason of VERDICT (SonarLint and Semgrep ask too).
A false positive's reason naming a check of the code (\"validated by
check_name\") lets the server offer to record it as a model.
\\[keyboard-quit] cancels the verdict."
  (string-trim
   (read-string (if (equal verdict "FALSE_POSITIVE")
                    "sastls: why is it not a real problem? (name the check and sastls can learn it): "
                  "sastls: reason (optional): "))))

(defun sastls--judge (verdict)
  (let ((arg (sastls--finding-arg))
        (reason (sastls--read-reason verdict)))
    (sastls--execute "sastls.judge" (append arg (list :verdict verdict :reason reason)))
    (message "sastls: recorded %s" verdict)))

(cl-defmethod eglot-execute-command (server (_command (eql sastls.judge)) arguments)
  "Code actions \"Mark as false positive\", \"Confirm as real\" on SERVER.
The server leaves the reason to the client: ask for it, then send
ARGUMENTS with it."
  (let* ((arg (and (vectorp arguments) (= (length arguments) 1) (aref arguments 0)))
         (verdict (and (listp arg) (plist-get arg :verdict)))
         (arguments (if (and verdict (not (plist-member arg :reason)))
                        (vector (append arg (list :reason (sastls--read-reason verdict))))
                      arguments)))
    (prog1 (jsonrpc-request server :workspace/executeCommand
                            (list :command "sastls.judge" :arguments arguments))
      (when verdict (message "sastls: recorded %s" verdict)))))

;;;###autoload
(defun sastls-mark-false-positive ()
  "Record that the finding at point is a false positive."
  (interactive)
  (sastls--judge "FALSE_POSITIVE"))

;;;###autoload
(defun sastls-confirm-real ()
  "Record that the finding at point is real."
  (interactive)
  (sastls--judge "TRUE_POSITIVE"))

;;;###autoload
(defun sastls-report ()
  "Open the report of the finding at point."
  (interactive)
  (let ((text (sastls--execute "sastls.showReport" (sastls--finding-arg))))
    (when (stringp text)
      (with-current-buffer (get-buffer-create "*sastls report*")
        (let ((inhibit-read-only t)) (erase-buffer) (insert text))
        (view-mode 1)
        (display-buffer (current-buffer))))))

(require 'sastls-fix (expand-file-name "sastls-fix" (file-name-directory (or load-file-name buffer-file-name))))

(provide 'sastls)
;;; sastls.el ends here
