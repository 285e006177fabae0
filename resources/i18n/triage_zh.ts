<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Actions</name>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open one or more log files</source>
        <translation>打开一个或多个日志文件</translation>
    </message>
    <message>
        <source>Open the &amp;sample log</source>
        <translation>打开示例日志(&amp;S)</translation>
    </message>
    <message>
        <source>Open the bundled sample log</source>
        <translation>打开自带的示例日志</translation>
    </message>
    <message>
        <source>&amp;Paste as new log</source>
        <translation>粘贴为新日志(&amp;P)</translation>
    </message>
    <message>
        <source>Open the clipboard&apos;s text as a log</source>
        <translation>把剪贴板中的文本作为日志打开</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Reopen with &amp;encoding…</source>
        <translation>以其他编码重新打开(&amp;E)…</translation>
    </message>
    <message>
        <source>Decode this log with another encoding when the guess was wrong</source>
        <translation>编码猜错时，以其他编码解码此日志</translation>
    </message>
    <message>
        <source>&amp;Close log</source>
        <translation>关闭日志(&amp;C)</translation>
    </message>
    <message>
        <source>Close this log</source>
        <translation>关闭此日志</translation>
    </message>
    <message>
        <source>E&amp;xport notes…</source>
        <translation>导出笔记(&amp;X)…</translation>
    </message>
    <message>
        <source>Save your notes to a file</source>
        <translation>把笔记保存到文件</translation>
    </message>
    <message>
        <source>&amp;Import notes…</source>
        <translation>导入笔记(&amp;I)…</translation>
    </message>
    <message>
        <source>Merge notes from a file</source>
        <translation>从文件合并笔记</translation>
    </message>
    <message>
        <source>Export &amp;report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>A report of this log to share, secrets hidden</source>
        <translation>生成可分享的日志报告，隐藏机密信息</translation>
    </message>
    <message>
        <source>&amp;New entry from this line…</source>
        <translation>用这一行新建条目(&amp;N)…</translation>
    </message>
    <message>
        <source>Teach Triage the error on the selected line</source>
        <translation>让 Triage 学会所选行中的错误</translation>
    </message>
    <message>
        <source>Record &amp;history</source>
        <translation>记录历史(&amp;H)</translation>
    </message>
    <message>
        <source>Remember which known errors scans found (never log contents)</source>
        <translation>记住扫描发现了哪些已知错误（从不保存日志内容）</translation>
    </message>
    <message>
        <source>C&amp;lear history…</source>
        <translation>清除历史(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <source>Find text or a regex in this log</source>
        <translation>在此日志中查找文本或正则表达式</translation>
    </message>
    <message>
        <source>Find ne&amp;xt</source>
        <translation>查找下一个(&amp;X)</translation>
    </message>
    <message>
        <source>Find pre&amp;vious</source>
        <translation>查找上一个(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Next match</source>
        <translation>下一个匹配(&amp;N)</translation>
    </message>
    <message>
        <source>Go to the next matched error line</source>
        <translation>转到下一个匹配的错误行</translation>
    </message>
    <message>
        <source>P&amp;revious match</source>
        <translation>上一个匹配(&amp;R)</translation>
    </message>
    <message>
        <source>Go to the previous matched error line</source>
        <translation>转到上一个匹配的错误行</translation>
    </message>
    <message>
        <source>&amp;Go to line…</source>
        <translation>转到行(&amp;G)…</translation>
    </message>
    <message>
        <source>Show &amp;only matched lines</source>
        <translation>只显示匹配的行(&amp;O)</translation>
    </message>
    <message>
        <source>Hide every line that did not match</source>
        <translation>隐藏所有未匹配的行</translation>
    </message>
    <message>
        <source>Likely first &amp;cause</source>
        <translation>可能的首要原因(&amp;C)</translation>
    </message>
    <message>
        <source>Show the likely first cause of the failure</source>
        <translation>显示失败最可能的首要原因</translation>
    </message>
    <message>
        <source>S&amp;top opening and scanning</source>
        <translation>停止打开和扫描(&amp;T)</translation>
    </message>
    <message>
        <source>Stop work on this log</source>
        <translation>停止处理此日志</translation>
    </message>
    <message>
        <source>&amp;Follow the file</source>
        <translation>跟踪文件(&amp;F)</translation>
    </message>
    <message>
        <source>Show new lines as they are written (like tail -f)</source>
        <translation>在写入时显示新行（类似 tail -f）</translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation>重新加载(&amp;L)</translation>
    </message>
    <message>
        <source>Read this log again from disk, keeping your place</source>
        <translation>从磁盘重新读取此日志，并保持当前位置</translation>
    </message>
    <message>
        <source>Follow the &amp;system</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Catalogue</source>
        <translation>目录(&amp;C)</translation>
    </message>
    <message>
        <source>Browse and search every known error</source>
        <translation>浏览和搜索所有已知错误</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;About Triage</source>
        <translation>关于 Triage(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Log</source>
        <translation>日志(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>No recent logs</source>
        <translation>没有最近的日志</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>清空列表</translation>
    </message>
</context>
<context>
    <name>BatchResultsView</name>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Show files where this entry matched</source>
        <translation>显示匹配此条目的文件</translation>
    </message>
    <message>
        <source>All files</source>
        <translation>所有文件</translation>
    </message>
    <message>
        <source>Entry:</source>
        <translation>条目：</translation>
    </message>
    <message>
        <source>%1 files, %2 with a known error, %3 unreadable</source>
        <translation>%1 个文件，%2 个含已知错误，%3 个无法读取</translation>
    </message>
    <message>
        <source>Cannot read this batch result: %1</source>
        <translation>无法读取此批量结果：%1</translation>
    </message>
</context>
<context>
    <name>BookmarkActions</name>
    <message>
        <source>&amp;Bookmarks</source>
        <translation>书签(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Toggle bookmark</source>
        <translation>切换书签(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Next bookmark</source>
        <translation>下一个书签(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous bookmark</source>
        <translation>上一个书签(&amp;P)</translation>
    </message>
    <message>
        <source>No bookmarks in this log</source>
        <translation>此日志中没有书签</translation>
    </message>
    <message>
        <source>… and {count} more (F2 steps through all)</source>
        <translation>… 还有 {count} 个（按 F2 逐个查看）</translation>
    </message>
    <message>
        <source>Click a line first, then bookmark it.</source>
        <translation>请先点击一行，再为它添加书签。</translation>
    </message>
    <message>
        <source>Line {line} bookmarked (F2 goes to the next bookmark).</source>
        <translation>已为第 {line} 行添加书签（按 F2 转到下一个书签）。</translation>
    </message>
    <message>
        <source>Bookmark on line {line} removed.</source>
        <translation>已移除第 {line} 行的书签。</translation>
    </message>
    <message>
        <source>No bookmarks in this log: Ctrl+B bookmarks the current line.</source>
        <translation>此日志中没有书签：按 Ctrl+B 为当前行添加书签。</translation>
    </message>
</context>
<context>
    <name>CatalogBrowser</name>
    <message>
        <source>Search errors, aliases, tags, notes… (typos are fine)</source>
        <translation>搜索错误、别名、标签、笔记…（拼写错误也可以）</translation>
    </message>
    <message>
        <source>With my notes</source>
        <translation>有我的笔记</translation>
    </message>
    <message>
        <source>All domains ({count})</source>
        <translation>所有领域（{count}）</translation>
    </message>
    <message>
        <source>All categories</source>
        <translation>所有类别</translation>
    </message>
    <message>
        <source>No entries match “{query}”.</source>
        <translation>没有条目匹配“{query}”。</translation>
    </message>
    <message>
        <source>{shown} of {total} entries</source>
        <translation>{total} 个条目中的 {shown} 个</translation>
    </message>
    <message>
        <source>{total} entries</source>
        <translation>{total} 个条目</translation>
    </message>
</context>
<context>
    <name>CatalogModel</name>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>错误签名</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>领域</translation>
    </message>
    <message>
        <source>Entries with my notes</source>
        <translation>有我的笔记的条目</translation>
    </message>
    <message>
        <source>You have notes on this entry</source>
        <translation>你对此条目有笔记</translation>
    </message>
    <message>
        <source>{entry}: not in the catalogue</source>
        <translation>{entry}：不在目录中</translation>
    </message>
    <message>
        <source>Matched {field}: {text}</source>
        <translation>匹配的{field}：{text}</translation>
    </message>
</context>
<context>
    <name>CatalogRowMenu</name>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Copy id</source>
        <translation>复制编号</translation>
    </message>
    <message>
        <source>Add a note…</source>
        <translation>添加笔记…</translation>
    </message>
</context>
<context>
    <name>CodeBlock</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy to the clipboard</source>
        <translation>复制到剪贴板</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
</context>
<context>
    <name>ContextMenus</name>
    <message>
        <source>{entry} is hidden in this log; right-click a match to show it again.</source>
        <translation>{entry} 已在此日志中隐藏；右键点击匹配项可重新显示。</translation>
    </message>
</context>
<context>
    <name>Dialogs</name>
    <message>
        <source>Note not saved</source>
        <translation>笔记未保存</translation>
    </message>
    <message>
        <source>A note could not be saved (its editor says why). Close anyway and lose it?</source>
        <translation>有一条笔记无法保存（编辑器中说明了原因）。仍要关闭并丢失它吗？</translation>
    </message>
    <message>
        <source>Open logs</source>
        <translation>打开日志</translation>
    </message>
    <message>
        <source>Reopen with encoding</source>
        <translation>以其他编码重新打开</translation>
    </message>
    <message>
        <source>Decode the log as (any Python codec name):</source>
        <translation>解码日志所用的编码（任意 Python 编解码器名称）：</translation>
    </message>
    <message>
        <source>Go to line</source>
        <translation>转到行</translation>
    </message>
    <message>
        <source>Line (1–{maximum}):</source>
        <translation>行（1–{maximum}）：</translation>
    </message>
    <message>
        <source>Show a time range</source>
        <translation>显示一段时间范围</translation>
    </message>
    <message>
        <source>Lines written from … to … (a date and time, or a time).</source>
        <translation>显示在 … 到 … 之间写入的行（日期加时间，或只写时间）。</translation>
    </message>
    <message>
        <source>From</source>
        <translation>从</translation>
    </message>
    <message>
        <source>To</source>
        <translation>到</translation>
    </message>
    <message>
        <source>About Triage</source>
        <translation>关于 Triage</translation>
    </message>
    <message>
        <source>Turns a failed run&apos;s log into an answer: the known errors in it, their root causes, the fixes that do not work and the workarounds that do.

Catalogue: {entries} entries, content hash {hash}.

Built with Python, PySide6 (Qt 6), pygments, rapidfuzz and TinyDB.</source>
        <translation>把失败运行的日志变成答案：其中的已知错误、它们的根本原因、无效的修复方法和有效的解决办法。

目录：{entries} 个条目，内容哈希 {hash}。

基于 Python、PySide6（Qt 6）、pygments、rapidfuzz 和 TinyDB 构建。</translation>
    </message>
</context>
<context>
    <name>EmptyState</name>
    <message>
        <source>Drop a log here</source>
        <translation>把日志拖到这里</translation>
    </message>
    <message>
        <source>A CI job, a training run, a deploy: drop its log (plain, .gz, .bz2 or .xz, any encoding) anywhere on this window, or several at once.
Triage finds the known errors, puts the likely first cause on top and explains each one.</source>
        <translation>CI 任务、训练运行、部署：把它的日志（纯文本、.gz、.bz2 或 .xz，任意编码）拖到窗口任意位置，也可以一次拖多个。
Triage 找出已知错误，把最可能的首要原因放在最前面，并逐一解释。</translation>
    </message>
    <message>
        <source>Open a log…</source>
        <translation>打开日志…</translation>
    </message>
    <message>
        <source>Try the sample log</source>
        <translation>试试示例日志</translation>
    </message>
    <message>
        <source>Paste from clipboard</source>
        <translation>从剪贴板粘贴</translation>
    </message>
    <message>
        <source>Browse the catalogue</source>
        <translation>浏览目录</translation>
    </message>
    <message>
        <source>Recent logs</source>
        <translation>最近的日志</translation>
    </message>
</context>
<context>
    <name>EntryPanel</name>
    <message>
        <source>Select an error (from a log or the catalogue) to see what is known about it.</source>
        <translation>选择一个错误以查看目录中的信息。</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>前进</translation>
    </message>
    <message>
        <source>Jump to my notes</source>
        <translation>跳到我的笔记</translation>
    </message>
    <message>
        <source>Show the English text</source>
        <translation>显示英文</translation>
    </message>
    <message>
        <source>Show the Chinese text where the record has it</source>
        <translation>在记录有中文时显示中文</translation>
    </message>
    <message>
        <source>My notes</source>
        <translation>我的笔记</translation>
    </message>
    <message>
        <source>Linked from other entries</source>
        <translation>其他条目记录的关联</translation>
    </message>
    <message>
        <source>First seen</source>
        <translation>首次出现</translation>
    </message>
    <message>
        <source>Last confirmed</source>
        <translation>最近确认</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新于</translation>
    </message>
    <message>
        <source>Also known as</source>
        <translation>别名</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Matches, for example</source>
        <translation>匹配示例</translation>
    </message>
    <message>
        <source>Does not match</source>
        <translation>不匹配</translation>
    </message>
    <message>
        <source>Your log: {verdict}</source>
        <translation>你的日志：{verdict}</translation>
    </message>
    <message>
        <source>Evidence: {count} report</source>
        <translation>证据数：{count}</translation>
    </message>
    <message>
        <source>Evidence: {count} reports</source>
        <translation>证据数：{count}</translation>
    </message>
    <message>
        <source>Record file</source>
        <translation>来源文件</translation>
    </message>
    <message>
        <source>case-sensitive</source>
        <translation>区分大小写</translation>
    </message>
    <message>
        <source>case-insensitive</source>
        <translation>不区分大小写</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>正则表达式</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Introduced</source>
        <translation>引入</translation>
    </message>
    <message>
        <source>Deprecated</source>
        <translation>弃用</translation>
    </message>
    <message>
        <source>Removed</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Reproduced</source>
        <translation>已复现</translation>
    </message>
    <message>
        <source>Human-reviewed</source>
        <translation>人工审核</translation>
    </message>
    <message>
        <source>AI-generated, unverified</source>
        <translation>AI 生成，未验证</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>No</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Partly</source>
        <translation>部分</translation>
    </message>
    <message>
        <source>Show the whole line</source>
        <translation>显示整行</translation>
    </message>
    <message>
        <source>Show less</source>
        <translation>收起</translation>
    </message>
    <message>
        <source>Root cause</source>
        <translation>根本原因</translation>
    </message>
    <message>
        <source>Versions</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Operating systems</source>
        <translation>操作系统</translation>
    </message>
    <message>
        <source>Don&apos;t try this</source>
        <translation>别这样做</translation>
    </message>
    <message>
        <source>Workarounds</source>
        <translation>解决办法</translation>
    </message>
    <message>
        <source>Related errors</source>
        <translation>相关错误</translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation>官方文档</translation>
    </message>
    <message>
        <source>About this entry</source>
        <translation>关于本条目</translation>
    </message>
    <message>
        <source>How it is recognised</source>
        <translation>如何识别</translation>
    </message>
    <message>
        <source>Other fields</source>
        <translation>其他字段</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Fix success rate</source>
        <translation>修复成功率</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>验证级别</translation>
    </message>
    <message>
        <source>Resolvable</source>
        <translation>可解决</translation>
    </message>
    <message>
        <source>Cause type</source>
        <translation>原因类型</translation>
    </message>
    <message>
        <source>Error code</source>
        <translation>错误码</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>success</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>estimate</source>
        <translation>估计值</translation>
    </message>
    <message>
        <source>An estimate by the catalogue&apos;s authors: no cited source measured this rate.</source>
        <translation>目录作者的估计值：没有引用的来源实际测量过这个比率。</translation>
    </message>
    <message>
        <source>When</source>
        <translation>条件</translation>
    </message>
    <message>
        <source>printed by</source>
        <translation>输出自</translation>
    </message>
    <message>
        <source>quoted in</source>
        <translation>引用于</translation>
    </message>
    <message>
        <source>documented at</source>
        <translation>文档见</translation>
    </message>
    <message>
        <source>produced for real by</source>
        <translation>真实复现于</translation>
    </message>
    <message>
        <source>written by you from your own log</source>
        <translation>由你根据自己的日志编写</translation>
    </message>
    <message>
        <source>Unverified: no source was found that prints this message.</source>
        <translation>未验证：没有找到输出此消息的来源。</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>+%1 more</source>
        <translation>另有 %1 个</translation>
    </message>
    <message>
        <source>This id is not in the loaded catalogue.</source>
        <translation>该 id 不在已加载的目录中。</translation>
    </message>
    <message>
        <source>Known as: {signature}</source>
        <translation>目录中的名称：{signature}</translation>
    </message>
    <message>
        <source>Translation (no log prints this): {text}</source>
        <translation>译文（日志中不会出现这段文字）：{text}</translation>
    </message>
    <message>
        <source>leads to</source>
        <translation>导致</translation>
    </message>
    <message>
        <source>preceded by</source>
        <translation>前因</translation>
    </message>
    <message>
        <source>confused with</source>
        <translation>易混淆</translation>
    </message>
    <message>
        <source>confused</source>
        <translation>易混淆</translation>
    </message>
    <message>
        <source>if…</source>
        <translation>条件…</translation>
    </message>
    <message>
        <source>precedes</source>
        <translation>前因</translation>
    </message>
    <message>
        <source>not in the catalogue</source>
        <translation>不在目录中</translation>
    </message>
    <message>
        <source>No related errors recorded.</source>
        <translation>没有记录相关错误。</translation>
    </message>
    <message>
        <source>more</source>
        <translation>更多</translation>
    </message>
</context>
<context>
    <name>ExpansionNotice</name>
    <message>
        <source>{name} {what} It was not opened, in case it is a decompression bomb. If it is a real log, Open anyway reads all of it (as much free disk space is needed).</source>
        <translation>{name}：{what} 为防它是解压炸弹，没有打开。如果它确实是日志，“仍然打开”会读取全部内容（需要同样多的可用磁盘空间）。</translation>
    </message>
    <message>
        <source>Open anyway</source>
        <translation>仍然打开</translation>
    </message>
</context>
<context>
    <name>FileChanges</name>
    <message>
        <source>Pasted text cannot be reloaded.</source>
        <translation>粘贴的文本无法重新加载。</translation>
    </message>
    <message>
        <source>Only a plain file on disk can be followed (not pasted or compressed).</source>
        <translation>只能跟踪磁盘上的普通文件（粘贴的文本或压缩文件不行）。</translation>
    </message>
    <message>
        <source>{title} was truncated on disk: reopened from its start, still following.</source>
        <translation>{title} 在磁盘上被截断：已从头重新打开，继续跟踪。</translation>
    </message>
    <message>
        <source>{title} was replaced on disk (rotated): now following the new file.</source>
        <translation>{title} 在磁盘上被替换（日志轮转）：现在跟踪新文件。</translation>
    </message>
    <message>
        <source>{title} has grown on disk. Follow shows new lines as they come.</source>
        <translation>{title} 在磁盘上已增长。“跟踪”会在新行到来时显示它们。</translation>
    </message>
    <message>
        <source>{title} was truncated on disk: lines past its new end are gone. Reload reads what is there now.</source>
        <translation>{title} 在磁盘上被截断：新结尾之后的行已不存在。“重新加载”会读取现在的内容。</translation>
    </message>
    <message>
        <source>{title} was replaced on disk (rotated or rewritten): this is the old file. Reload opens the new one.</source>
        <translation>{title} 在磁盘上被替换（轮转或重写）：这里显示的是旧文件。“重新加载”会打开新文件。</translation>
    </message>
    <message>
        <source>{title} was deleted on disk; what was read stays on show until you close it.</source>
        <translation>{title} 已从磁盘删除；已读取的内容会一直显示，直到你关闭它。</translation>
    </message>
    <message>
        <source>{title} was written again on disk. Reload shows it now.</source>
        <translation>{title} 在磁盘上被重新写入。“重新加载”可显示最新内容。</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>跟踪</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
</context>
<context>
    <name>FileDropFilter</name>
    <message>
        <source>Drop to open the log.</source>
        <translation>松开以打开日志。</translation>
    </message>
    <message>
        <source>Drop to open the {count} logs.</source>
        <translation>松开以打开 {count} 个日志。</translation>
    </message>
    <message>
        <source>Cannot drop this: {reason}.</source>
        <translation>无法拖放：{reason}。</translation>
    </message>
    <message>
        <source>Some items were not opened: {reason}.</source>
        <translation>有些项目没有打开：{reason}。</translation>
    </message>
</context>
<context>
    <name>FilterActions</name>
    <message>
        <source>F&amp;ilter lines</source>
        <translation>筛选行(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Errors</source>
        <translation>错误(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Warnings</source>
        <translation>警告(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Info</source>
        <translation>信息(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Debug</source>
        <translation>调试(&amp;D)</translation>
    </message>
    <message>
        <source>No context lines</source>
        <translation>不显示上下文行</translation>
    </message>
    <message>
        <source>{n} context lines around matches</source>
        <translation>匹配行前后各 {n} 行上下文</translation>
    </message>
    <message>
        <source>&amp;Time range…</source>
        <translation>时间范围(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Show all lines</source>
        <translation>显示所有行(&amp;S)</translation>
    </message>
    <message>
        <source>Reading the log&apos;s times… choose Time range again in a moment.</source>
        <translation>正在读取日志中的时间… 请稍后再选择“时间范围”。</translation>
    </message>
    <message>
        <source>This log states no times (no dates or clock times found).</source>
        <translation>此日志中没有时间（未找到日期或时刻）。</translation>
    </message>
    <message>
        <source>Not a time range: write times as 2026-11-28 03:18 or 03:18:30.</source>
        <translation>不是有效的时间范围：请写成 2026-11-28 03:18 或 03:18:30。</translation>
    </message>
</context>
<context>
    <name>FilterChip</name>
    <message>
        <source>Show all lines</source>
        <translation>显示所有行</translation>
    </message>
    <message>
        <source>Clear every filter (Ctrl+Shift+M)</source>
        <translation>清除所有筛选（Ctrl+Shift+M）</translation>
    </message>
    <message>
        <source>only matched lines, {n} lines of context</source>
        <translation>只显示匹配行，前后各 {n} 行上下文</translation>
    </message>
    <message>
        <source>only matched lines</source>
        <translation>只显示匹配行</translation>
    </message>
    <message>
        <source>levels {names}</source>
        <translation>级别 {names}</translation>
    </message>
    <message>
        <source>from {start} to {end}</source>
        <translation>从 {start} 到 {end}</translation>
    </message>
    <message>
        <source>Filter: {what}. Reading levels and times… {rows} lines</source>
        <translation>筛选：{what}。正在读取级别和时间… 已读 {rows} 行</translation>
    </message>
    <message>
        <source>Filter: {what}. Filtering… {rows} of {total} lines</source>
        <translation>筛选：{what}。正在筛选… {total} 行中的 {rows} 行</translation>
    </message>
    <message>
        <source>Filter: {what}. Showing {shown} of {total} lines.</source>
        <translation>筛选：{what}。显示 {total} 行中的 {shown} 行。</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <source>Find in log (Enter: next, Shift+Enter: previous)</source>
        <translation>在日志中查找（Enter：下一个，Shift+Enter：上一个）</translation>
    </message>
    <message>
        <source>Regex</source>
        <translation>正则表达式</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>区分大小写</translation>
    </message>
    <message>
        <source>Previous (Shift+Enter)</source>
        <translation>上一个（Shift+Enter）</translation>
    </message>
    <message>
        <source>Next (Enter)</source>
        <translation>下一个（Enter）</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>关闭（Esc）</translation>
    </message>
    <message>
        <source>Invalid regex: {error}</source>
        <translation>无效的正则表达式：{error}</translation>
    </message>
</context>
<context>
    <name>Finder</name>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>{n} of {total}</source>
        <translation>第 {n} 个，共 {total} 个</translation>
    </message>
    <message>
        <source>Line {line}</source>
        <translation>第 {line} 行</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>{total} lines</source>
        <translation>{total} 行</translation>
    </message>
    <message>
        <source>“{text}” was not found in this log.</source>
        <translation>在此日志中未找到“{text}”。</translation>
    </message>
    <message>
        <source>Searching… {count} lines</source>
        <translation>正在搜索… 已搜索 {count} 行</translation>
    </message>
</context>
<context>
    <name>LanguageActions</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>The window is now in 中文.</source>
        <translation>窗口现在显示中文。</translation>
    </message>
    <message>
        <source>The window is now in English.</source>
        <translation>窗口现在显示英文（English）。</translation>
    </message>
</context>
<context>
    <name>LineMenu</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy with line numbers</source>
        <translation>连同行号复制</translation>
    </message>
    <message>
        <source>Search the catalogue for this line</source>
        <translation>在目录中搜索这一行</translation>
    </message>
    <message>
        <source>New entry from this line…</source>
        <translation>用这一行新建条目…</translation>
    </message>
    <message>
        <source>Remove the bookmark</source>
        <translation>移除书签</translation>
    </message>
    <message>
        <source>Bookmark</source>
        <translation>添加书签</translation>
    </message>
</context>
<context>
    <name>LogCommands</name>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>Line {line} is not in this log (yet).</source>
        <translation>第 {line} 行（还）不在此日志中。</translation>
    </message>
    <message>
        <source>No known errors found in this log (yet).</source>
        <translation>此日志中（还）没有找到已知错误。</translation>
    </message>
    <message>
        <source>Opened {title}.</source>
        <translation>已打开 {title}。</translation>
    </message>
</context>
<context>
    <name>LogDocument</name>
    <message>
        <source>Stopped while reading: only the first {lines} lines are shown.</source>
        <translation>读取时已停止：只显示前 {lines} 行。</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <source>No line was scanned.</source>
        <translation>没有扫描任何行。</translation>
    </message>
    <message>
        <source>The scan stopped at line {line}.</source>
        <translation>扫描停在第 {line} 行。</translation>
    </message>
    <message>
        <source>Decompressing…</source>
        <translation>正在解压…</translation>
    </message>
    <message>
        <source>Opening…</source>
        <translation>正在打开…</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>正在扫描…</translation>
    </message>
    <message>
        <source>Scanning {percent}…</source>
        <translation>正在扫描 {percent}…</translation>
    </message>
    <message>
        <source>The scan failed.</source>
        <translation>扫描失败。</translation>
    </message>
    <message>
        <source>Scan cancelled at line {line}.</source>
        <translation>扫描在第 {line} 行取消。</translation>
    </message>
    <message>
        <source>Indexing lines…</source>
        <translation>正在索引行…</translation>
    </message>
    <message>
        <source>Scan complete.</source>
        <translation>扫描完成。</translation>
    </message>
    <message>
        <source>{path}: opening was cancelled.</source>
        <translation>{path}：已取消打开。</translation>
    </message>
</context>
<context>
    <name>LogTabs</name>
    <message>
        <source>The clipboard holds no text to open as a log.</source>
        <translation>剪贴板中没有可作为日志打开的文本。</translation>
    </message>
    <message>
        <source>Pasted log {number}</source>
        <translation>粘贴的日志 {number}</translation>
    </message>
    <message>
        <source>Opening {title}…</source>
        <translation>正在打开 {title}…</translation>
    </message>
    <message>
        <source>{name} is already open.</source>
        <translation>{name} 已经打开。</translation>
    </message>
    <message>
        <source>Pasted text (not saved)</source>
        <translation>粘贴的文本（未保存）</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Catalogue</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>No log open.</source>
        <translation>没有打开的日志。</translation>
    </message>
</context>
<context>
    <name>MarkButtons</name>
    <message>
        <source>Mark: {name} (click again to clear)</source>
        <translation>标记：{name}（再次点击清除）</translation>
    </message>
    <message>
        <source>Notes are read-only: {reason}</source>
        <translation>笔记为只读：{reason}</translation>
    </message>
    <message>
        <source>Not saved: {reason}</source>
        <translation>未保存：{reason}</translation>
    </message>
</context>
<context>
    <name>MatchesMenu</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Go to entry</source>
        <translation>转到条目</translation>
    </message>
    <message>
        <source>Hide this entry in this log</source>
        <translation>在此日志中隐藏此条目</translation>
    </message>
    <message>
        <source>Show hidden entries ({count})</source>
        <translation>显示已隐藏的条目（{count}）</translation>
    </message>
</context>
<context>
    <name>MatchesModel</name>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>匹配方式</translation>
    </message>
    <message>
        <source>Likely first cause. </source>
        <translation>可能的首要原因。</translation>
    </message>
    <message>
        <source>{count} more lines</source>
        <translation>另有 {count} 行</translation>
    </message>
    <message>
        <source>{count} more lines of this error are counted but not listed; choose this row to go to the next one, and step through every matched line with Next match.</source>
        <translation>此错误另有 {count} 行已计数但未列出；选中此行可跳到下一行，用“下一个匹配”可逐一查看每个匹配行。</translation>
    </message>
</context>
<context>
    <name>MatchesPanel</name>
    <message>
        <source>No log open.</source>
        <translation>没有打开的日志。</translation>
    </message>
    <message>
        <source>{count} unknown error(s) below.</source>
        <translation>下方有 {count} 个未知错误。</translation>
    </message>
    <message>
        <source>No known errors found.</source>
        <translation>没有找到已知错误。</translation>
    </message>
    <message>
        <source>No known errors found so far.</source>
        <translation>目前还没有找到已知错误。</translation>
    </message>
    <message>
        <source>{count} matched line</source>
        <translation>{count} 行匹配</translation>
    </message>
    <message>
        <source>{count} matched lines</source>
        <translation>{count} 行匹配</translation>
    </message>
    <message>
        <source>{count} error</source>
        <translation>{count} 种错误</translation>
    </message>
    <message>
        <source>{count} different errors</source>
        <translation>{count} 种不同的错误</translation>
    </message>
    <message>
        <source>Likely first cause: {entry} at line {line}.</source>
        <translation>可能的首要原因：第 {line} 行的 {entry}。</translation>
    </message>
</context>
<context>
    <name>MessageBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>NewEntryDialog</name>
    <message>
        <source>New entry from a line</source>
        <translation>用一行日志新建条目</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>测试中…</translation>
    </message>
    <message>
        <source>Why it happens (required)</source>
        <translation>发生原因（必填）</translation>
    </message>
    <message>
        <source>What worked (optional)</source>
        <translation>有效的办法（可选）</translation>
    </message>
    <message>
        <source>How: commands or steps (optional)</source>
        <translation>做法：命令或步骤（可选）</translation>
    </message>
    <message>
        <source>What did not work, and why (optional)</source>
        <translation>无效的办法及原因（可选）</translation>
    </message>
    <message>
        <source>Your line</source>
        <translation>你的日志行</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>标识</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>领域</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Root cause</source>
        <translation>根本原因</translation>
    </message>
    <message>
        <source>Workaround</source>
        <translation>解决办法</translation>
    </message>
    <message>
        <source>Dead end</source>
        <translation>死胡同</translation>
    </message>
    <message>
        <source>Pattern %1</source>
        <translation>模式%1</translation>
    </message>
    <message>
        <source>Replace the entry?</source>
        <translation>替换该条目？</translation>
    </message>
    <message>
        <source>Replace it?</source>
        <translation>是否替换？</translation>
    </message>
    <message>
        <source>Not saved</source>
        <translation>未保存</translation>
    </message>
    <message>
        <source>Matches %1 line(s) of the log: %2</source>
        <translation>匹配日志中的 %1 行：%2</translation>
    </message>
    <message>
        <source>Matches no line of the log, not even yours.</source>
        <translation>不匹配日志中的任何一行，连你选的那行也不匹配。</translation>
    </message>
    <message>
        <source>Warning: also matches %1 healthy line(s), e.g. %2</source>
        <translation>警告：还匹配 %1 行正常输出，例如 %2</translation>
    </message>
    <message>
        <source>Matches no line of the healthy corpus.</source>
        <translation>不匹配正常输出语料中的任何一行。</translation>
    </message>
    <message>
        <source>Also matches examples of: %1</source>
        <translation>还匹配以下条目的示例：%1</translation>
    </message>
</context>
<context>
    <name>NoteEditor</name>
    <message>
        <source>Write a note: what you tried, what worked, where…</source>
        <translation>写笔记：你试过什么、什么有效、在哪里…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete this note</source>
        <translation>删除此笔记</translation>
    </message>
    <message>
        <source>Empty notes are not saved: delete the note instead.</source>
        <translation>空笔记不会保存：请删除此笔记。</translation>
    </message>
    <message>
        <source>Not saved: {reason}</source>
        <translation>未保存：{reason}</translation>
    </message>
    <message>
        <source>Editing…</source>
        <translation>正在编辑…</translation>
    </message>
    <message>
        <source>New note: saved as you type.</source>
        <translation>新笔记：输入时自动保存。</translation>
    </message>
    <message>
        <source>Added {added} · edited {edited} · saved</source>
        <translation>添加于 {added} · 编辑于 {edited} · 已保存</translation>
    </message>
    <message>
        <source>Added {added} · saved</source>
        <translation>添加于 {added} · 已保存</translation>
    </message>
</context>
<context>
    <name>Notes</name>
    <message>
        <source>My notes</source>
        <translation>我的笔记</translation>
    </message>
    <message>
        <source>Add note</source>
        <translation>添加笔记</translation>
    </message>
    <message>
        <source>No notes yet. Notes stay on this computer and are saved as you type.</source>
        <translation>还没有笔记。笔记保存在本机，输入时自动保存。</translation>
    </message>
    <message>
        <source>Notes are read-only: {reason}</source>
        <translation>笔记为只读：{reason}</translation>
    </message>
    <message>
        <source>Your marks on actions this entry no longer lists</source>
        <translation>你对本条目已不再列出的操作所做的标记</translation>
    </message>
    <message>
        <source>Show {count} earlier notes ({hidden} not shown)</source>
        <translation>显示更早的 {count} 条笔记（还有 {hidden} 条未显示）</translation>
    </message>
    <message>
        <source>Worked for me</source>
        <translation>对我有效</translation>
    </message>
    <message>
        <source>Didn&apos;t work</source>
        <translation>对我无效</translation>
    </message>
    <message>
        <source>Didn&apos;t work for me</source>
        <translation>对我无效</translation>
    </message>
</context>
<context>
    <name>NotesPanel</name>
    <message>
        <source>Delete note</source>
        <translation>删除笔记</translation>
    </message>
    <message>
        <source>Delete this note?</source>
        <translation>删除此笔记？</translation>
    </message>
    <message>
        <source>Not saved: {reason}</source>
        <translation>未保存：{reason}</translation>
    </message>
    <message>
        <source>Not deleted: {reason}</source>
        <translation>未删除：{reason}</translation>
    </message>
    <message>
        <source>Cannot read the notes: {reason}</source>
        <translation>无法读取笔记：{reason}</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
</context>
<context>
    <name>NotesTransfer</name>
    <message>
        <source>Export notes</source>
        <translation>导出笔记</translation>
    </message>
    <message>
        <source>Import notes</source>
        <translation>导入笔记</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>The notes were not exported: {reason}</source>
        <translation>笔记没有导出：{reason}</translation>
    </message>
    <message>
        <source> and {count} mark</source>
        <translation>和 {count} 个标记</translation>
    </message>
    <message>
        <source> and {count} marks</source>
        <translation>和 {count} 个标记</translation>
    </message>
    <message>
        <source>Exported {count} note{extra} to {path}.</source>
        <translation>已把 {count} 条笔记{extra}导出到 {path}。</translation>
    </message>
    <message>
        <source>Exported {count} notes{extra} to {path}.</source>
        <translation>已把 {count} 条笔记{extra}导出到 {path}。</translation>
    </message>
    <message>
        <source>Notes exported</source>
        <translation>笔记已导出</translation>
    </message>
    <message>
        <source>Notes are read-only</source>
        <translation>笔记为只读</translation>
    </message>
    <message>
        <source>Nothing can be imported: the notes are read-only ({reason}).</source>
        <translation>无法导入：笔记为只读（{reason}）。</translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation>导入失败</translation>
    </message>
    <message>
        <source>Nothing was imported: {reason}</source>
        <translation>没有导入任何内容：{reason}</translation>
    </message>
    <message>
        <source>From {name}: {summary}.</source>
        <translation>来自 {name}：{summary}。</translation>
    </message>
    <message>
        <source>Notes imported</source>
        <translation>笔记已导入</translation>
    </message>
</context>
<context>
    <name>ReportAndEntries</name>
    <message>
        <source>Clear history</source>
        <translation>清除历史</translation>
    </message>
    <message>
        <source>Forget which known errors past scans found?</source>
        <translation>忘记过去扫描发现的已知错误？</translation>
    </message>
    <message>
        <source>History not cleared: %1</source>
        <translation>历史未清除：%1</translation>
    </message>
    <message>
        <source>History cleared.</source>
        <translation>历史已清除。</translation>
    </message>
    <message>
        <source>Open a log first: the report describes open logs.</source>
        <translation>请先打开日志：报告描述的是已打开的日志。</translation>
    </message>
    <message>
        <source>Click the error line in a log first, then choose New entry.</source>
        <translation>请先点击日志中的错误行，再选择新建条目。</translation>
    </message>
    <message>
        <source>Saved %1 to your catalogue; logs opened from now on use it.</source>
        <translation>已将 %1 保存到你的目录；之后打开的日志会使用它。</translation>
    </message>
</context>
<context>
    <name>ReportDialog</name>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Hide secrets (tokens, keys, passwords)</source>
        <translation>隐藏机密（令牌、密钥、密码）</translation>
    </message>
    <message>
        <source>e-mail addresses</source>
        <translation>电子邮件地址</translation>
    </message>
    <message>
        <source>IP addresses</source>
        <translation>IP 地址</translation>
    </message>
    <message>
        <source>user names in home paths</source>
        <translation>主目录路径中的用户名</translation>
    </message>
    <message>
        <source>Building the report…</source>
        <translation>正在生成报告…</translation>
    </message>
    <message>
        <source>Redaction is off: the report shows the log lines as they are.</source>
        <translation>脱敏已关闭：报告按原样显示日志行。</translation>
    </message>
    <message>
        <source>%1 value(s) hidden, marked below.</source>
        <translation>已隐藏 %1 处，下方已标出。</translation>
    </message>
    <message>
        <source>The report could not be built: %1</source>
        <translation>无法生成报告：%1</translation>
    </message>
    <message>
        <source>Report not saved</source>
        <translation>报告未保存</translation>
    </message>
    <message>
        <source>Save report</source>
        <translation>保存报告</translation>
    </message>
</context>
<context>
    <name>ResultsModel</name>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>First cause</source>
        <translation>首要原因</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Known errors</source>
        <translation>已知错误</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>unreadable: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>%n lines</source>
        <translation>%n 行</translation>
    </message>
</context>
<context>
    <name>ShortcutSheet</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>Next tab</source>
        <translation>下一个标签页</translation>
    </message>
    <message>
        <source>Previous tab</source>
        <translation>上一个标签页</translation>
    </message>
    <message>
        <source>Keyboard shortcuts…</source>
        <translation>键盘快捷键…</translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message>
        <source>size unknown</source>
        <translation>大小未知</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop opening and scanning this log (Ctrl+.)</source>
        <translation>停止打开和扫描此日志（Ctrl+.）</translation>
    </message>
    <message>
        <source>{count} lines</source>
        <translation>{count} 行</translation>
    </message>
    <message>
        <source>not compressed</source>
        <translation>未压缩</translation>
    </message>
</context>
<context>
    <name>StopNotice</name>
    <message>
        <source>{title}: {what} Reload reads the whole log again.</source>
        <translation>{title}：{what}“重新加载”会再次读取整个日志。</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
</context>
<context>
    <name>TimelineActions</name>
    <message>
        <source>Open logs as one &amp;timeline…</source>
        <translation>把多个日志作为一条时间线打开(&amp;T)…</translation>
    </message>
    <message>
        <source>Merge several logs of one job by their timestamps</source>
        <translation>按时间戳合并同一任务的多个日志</translation>
    </message>
    <message>
        <source>&amp;Merge open logs into one timeline</source>
        <translation>把已打开的日志合并为一条时间线(&amp;M)</translation>
    </message>
    <message>
        <source>A timeline needs two or more logs.</source>
        <translation>时间线至少需要两个日志。</translation>
    </message>
    <message>
        <source>Merging {count} logs…</source>
        <translation>正在合并 {count} 个日志…</translation>
    </message>
    <message>
        <source>Merging… {lines} lines</source>
        <translation>正在合并… 已处理 {lines} 行</translation>
    </message>
    <message>
        <source>Timeline of {count} logs</source>
        <translation>{count} 个日志的时间线</translation>
    </message>
    <message>
        <source>{names}: no timestamps found; their lines come first in the timeline.</source>
        <translation>{names}：没有找到时间戳；它们的行排在时间线最前面。</translation>
    </message>
</context>
<context>
    <name>UnknownErrorsList</name>
    <message>
        <source>Unknown errors</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>First line</source>
        <translation>首行</translation>
    </message>
    <message>
        <source>{count} error line(s) that no entry explains, first at line {line}:
{t}</source>
        <translation>{count} 行错误没有条目能解释，首次出现在第 {line} 行：
{t}</translation>
    </message>
    <message>
        <source>line {line}</source>
        <translation>第 {line} 行</translation>
    </message>
</context>
</TS>
