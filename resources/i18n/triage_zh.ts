<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>EntryPanel</name>
    <message>
        <source>Select an error (from a log or the catalogue) to see what is known about it.</source>
        <translation>选择一个错误以查看目录中的信息。</translation>
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
        <source>When</source>
        <translation>条件</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>This id is not in the loaded catalogue.</source>
        <translation>该 id 不在已加载的目录中。</translation>
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
</TS>
