export type SeedContentPage = {
  slug: "about" | "terms" | "privacy";
  locale: "fa-IR" | "en-US" | "tr-TR" | "ar-AE";
  title: string;
  metaTitle: string;
  metaDescription: string;
  body: string;
};

export const seedContentPages: SeedContentPage[] = [
  // ---------------------------------------------------------------------------
  // about
  // ---------------------------------------------------------------------------
  {
    slug: "about",
    locale: "fa-IR",
    title: "درباره تکاپو",
    metaTitle: "درباره تکاپو؛ تعامل واقعی در شبکه‌های اجتماعی",
    metaDescription:
      "تکاپو تولیدکنندگان محتوای یوتیوب و اینستاگرام را به افراد احرازهویت‌شده‌ای می‌رساند که لایک، کامنت، بازدید و مشترک واقعی برایشان می‌سازند.",
    body: `## تکاپو چیست؟

تکاپو بازاری برای تعامل واقعی در شبکه‌های اجتماعی است. در یک سوی این بازار تولیدکنندگان محتوا قرار دارند؛ افراد و کسب‌وکارهایی که کانال یوتیوب یا صفحه اینستاگرام دارند و می‌خواهند محتوایشان بیشتر دیده شود. در سوی دیگر بوسترها هستند؛ افرادی با هویت احرازشده که ویدیو تماشا می‌کنند، پست‌ها را لایک می‌کنند، نظر می‌گذارند و در کانال‌ها عضو می‌شوند و برای هر کار انجام‌شده دستمزد می‌گیرند. تکاپو میان این دو گروه قرار می‌گیرد: کمپین‌ها را به دست بوسترهای مناسب می‌رساند، کار انجام‌شده را بررسی می‌کند و پول را با امنیت کامل میان دو طرف جابه‌جا می‌کند.

نام تکاپو را از همین واژه آشنای فارسی گرفته‌ایم، به معنای تلاش و جنب‌وجوش. این همان چیزی است که می‌خواهیم برای کانال شما به ارمغان بیاوریم: آدم‌های واقعی، فعالیت واقعی و رشد واقعی.

## تکاپو برای چه کسانی است؟

- تولیدکنندگان محتوایی که برای ویدیوها و پست‌های یوتیوب و اینستاگرام خود لایک، کامنت، بازدید، مشترک یا زمان تماشای بیشتری می‌خواهند؛ آن هم از حساب‌های واقعی، نه ربات‌ها.
- بوسترهایی که هر روز از شبکه‌های اجتماعی استفاده می‌کنند و می‌خواهند در اوقات فراغت خود با انجام کارهای ساده و روشن، درآمد جانبی داشته باشند.
- برندها و آژانس‌هایی که چند صفحه را مدیریت می‌کنند و به روشی شفاف برای معرفی محتوای تازه خود نیاز دارند.

تکاپو به زبان‌های فارسی، انگلیسی، ترکی و عربی در دسترس است تا هر کس بتواند با زبانی که با آن راحت‌تر است از آن استفاده کند.

## شروع کار در سه گام

- ساخت حساب و تأیید شماره موبایل: با شماره موبایل خود ثبت‌نام کنید و کدی را که برایتان پیامک می‌شود وارد کنید. این کار کمتر از یک دقیقه زمان می‌برد.
- ساخت کمپین: ویدیو، کانال یا پست اینستاگرامی را که می‌خواهید دیده شود انتخاب کنید، نوع تعامل را مشخص کنید و تعداد مورد نیاز را تعیین کنید.
- شارژ حساب: کیف پول خود را از طریق درگاه پرداخت امن به ریال شارژ کنید. بودجه کمپین به‌صورت امانی نگهداری می‌شود و تنها زمانی خرج می‌شود که بوسترها کارهای تأییدشده را انجام دهند.

پس از تأیید کمپین، آن را به بوسترهای مناسب نمایش می‌دهیم و نتایج به‌تدریج از راه می‌رسد. هر زمان که بخواهید می‌توانید پیشرفت کمپین را در پنل کاربری خود دنبال کنید.

## بوسترها چگونه درآمد کسب می‌کنند؟

بوسترها از میان فهرست کارهای موجود، کار دلخواه خود را انتخاب می‌کنند؛ مثلاً تماشای یک ویدیو به مدت مشخص، لایک کردن یک پست، نوشتن نظری مرتبط یا عضویت در یک کانال. پاداش هر کار پیش از شروع نمایش داده می‌شود و پس از انجام و بررسی، به کیف پول تکاپوی شما واریز می‌شود.

هر بوستر پیش از کسب درآمد باید هویت خود را با بارگذاری تصویر کارت ملی احراز کند. پاداش‌های کسب‌شده به حساب بانکی به نام خودتان و با شماره شبا قابل برداشت است و پس از تأیید درخواست برداشت، مبلغ ظرف ۲۴ ساعت پرداخت می‌شود.

## چرا تعامل‌ها واقعی است؟

دنبال‌کننده‌های جعلی و ترافیک رباتی به کانال آسیب می‌زنند؛ پلتفرم‌ها آن‌ها را شناسایی و حذف می‌کنند و حتی ممکن است خود حساب را جریمه کنند. تکاپو طوری طراحی شده است که شما را از این خطر دور نگه دارد.

- هر بوستر یک فرد واقعی با هویت احرازشده است و تنها یک حساب دارد.
- کارها به‌صورت دستی و از حساب‌های واقعی شبکه‌های اجتماعی انجام می‌شوند.
- کارهای انجام‌شده بررسی می‌شوند و اگر کاری پس گرفته شود، مثلاً لایک برداشته یا عضویت لغو شود، پاداشی بابت آن پرداخت نمی‌شود.
- حساب‌هایی که قصد تقلب داشته باشند مسدود می‌شوند و پاداش‌های پرداخت‌نشده خود را از دست می‌دهند.

نتیجه، تعاملی است که از سوی کسانی می‌آید که واقعاً محتوای شما را دیده‌اند.

## تعهد ما

می‌خواهیم هر دو طرف به تکاپو اعتماد کنند. تولیدکنندگان فقط بابت کار تأییدشده هزینه می‌پردازند و بودجه مصرف‌نشده کمپین به کیف پولشان بازمی‌گردد. بوسترها از پیش می‌دانند هر کار چه پاداشی دارد و پول خود را سریع دریافت می‌کنند. اگر پرسشی دارید، تیم پشتیبانی ما همیشه از طریق صفحه «تماس با ما» پاسخگوی شماست.`,
  },
  {
    slug: "about",
    locale: "en-US",
    title: "About Takapoo",
    metaTitle: "About Takapoo: Real Social Media Engagement",
    metaDescription:
      "Takapoo connects YouTube and Instagram creators with identity-verified people who deliver real likes, comments, views and subscribers.",
    body: `## What is Takapoo?

Takapoo is a marketplace for genuine social media engagement. On one side are content producers: people and businesses who run YouTube channels or Instagram pages and want their work to reach more viewers. On the other side are boosters: identity-verified people who watch videos, like posts, leave comments and subscribe to channels, and who are paid for every task they complete. Takapoo sits in the middle. It matches campaigns with suitable boosters, checks the work that has been done, and moves the money safely between both sides.

Our name comes from the Persian word "takapoo", which means striving and bustling effort. That is exactly what we want to bring to your channel: real people, real activity and real momentum.

## Who Takapoo is for

- Content producers who want more likes, comments, views, subscribers or watch time on YouTube and Instagram, from real accounts rather than bots.
- Boosters who already use social media every day and would like to earn extra income in their free time from simple, clearly described tasks.
- Brands and agencies that manage several pages and need a transparent way to promote their new content.

Takapoo is available in Persian, English, Turkish and Arabic, so everyone can use it in the language they are most comfortable with.

## How it works in three steps

- Create an account and verify your phone: sign up with your mobile number and enter the code we send you by SMS. It takes less than a minute.
- Create a campaign: choose the YouTube video, channel or Instagram post you want to promote, pick the type of engagement and set how many actions you need.
- Fund your account: top up your wallet in Iranian Rials through a secure payment gateway. The campaign budget is held in escrow and is only spent as boosters complete verified tasks.

Once your campaign is approved, it is shown to suitable boosters and results start coming in. You can follow its progress at any time from your dashboard.

## How boosters earn

Boosters pick from a list of available tasks, such as watching a video for a set amount of time, liking a post, writing a relevant comment or subscribing to a channel. The reward for each task is shown before you start. When the task has been completed and checked, the reward is credited to your Takapoo wallet.

Before they can earn, all boosters verify their identity by uploading their national ID card. Earned rewards can be withdrawn to an Iranian bank account in your own name using its IBAN (Sheba) number. Once a withdrawal request has been approved, the payout is made within 24 hours.

## Why the engagement is real

Fake followers and bot traffic hurt a channel. Platforms detect them, remove them and may even penalize the account itself. Takapoo is designed to keep you clear of that risk.

- Every booster is a real, identity-verified person with a single account.
- Tasks are carried out by hand, from real social media accounts.
- Completed tasks are checked, and actions that are later undone, such as an unlike or an unsubscribe, are not paid.
- Accounts that try to cheat are suspended and lose their unpaid rewards.

The result is engagement that comes from people who have actually seen your content.

## Our commitment

We want both sides to be able to trust Takapoo. Producers pay only for verified work, and any unused campaign budget goes back to their wallet. Boosters know up front what each task pays and receive their money quickly. If you have a question, our support team is always ready to help through the contact page.`,
  },
  {
    slug: "about",
    locale: "tr-TR",
    title: "Takapoo Hakkında",
    metaTitle: "Takapoo Hakkında: Gerçek Sosyal Medya Etkileşimi",
    metaDescription:
      "Takapoo, YouTube ve Instagram içerik üreticilerini kimliği doğrulanmış gerçek kişilerle buluşturur: gerçek beğeni, yorum, izlenme ve abone.",
    body: `## Takapoo nedir?

Takapoo, sosyal medyada gerçek etkileşim için kurulmuş bir pazar yeridir. Bir tarafta içerik üreticileri var: YouTube kanalı ya da Instagram sayfası yöneten, emeğinin daha fazla kişiye ulaşmasını isteyen kişiler ve işletmeler. Diğer tarafta ise destekçiler (booster'lar) yer alıyor: kimliği doğrulanmış, video izleyen, gönderileri beğenen, yorum yazan, kanallara abone olan ve tamamladığı her görev için ödeme alan kişiler. Takapoo bu iki tarafı bir araya getirir; kampanyaları uygun destekçilere ulaştırır, yapılan işi kontrol eder ve parayı iki taraf arasında güvenle aktarır.

Adımızı Farsçada "çaba, koşuşturma" anlamına gelen "takapoo" kelimesinden aldık. Kanalınıza kazandırmak istediğimiz şey de tam olarak bu: gerçek insanlar, gerçek hareket ve gerçek bir ivme.

## Takapoo kimler için?

- YouTube ve Instagram'daki içerikleri için botlardan değil, gerçek hesaplardan beğeni, yorum, izlenme, abone veya izlenme süresi isteyen içerik üreticileri.
- Sosyal medyayı zaten her gün kullanan ve boş zamanında basit, açıkça tanımlanmış görevlerle ek gelir elde etmek isteyen destekçiler.
- Birden fazla sayfa yöneten ve yeni içeriklerini şeffaf bir şekilde tanıtmak isteyen markalar ve ajanslar.

Takapoo Farsça, İngilizce, Türkçe ve Arapça olarak kullanılabilir; böylece herkes kendini en rahat hissettiği dilde işlem yapabilir.

## Üç adımda nasıl çalışır?

- Hesap oluşturun ve telefonunuzu doğrulayın: Cep telefonu numaranızla kaydolun ve size SMS ile gönderdiğimiz kodu girin. Hepsi bir dakikadan kısa sürer.
- Kampanya oluşturun: Öne çıkarmak istediğiniz YouTube videosunu, kanalı veya Instagram gönderisini seçin, etkileşim türünü belirleyin ve kaç işlem istediğinizi girin.
- Hesabınıza bakiye yükleyin: Cüzdanınıza güvenli bir ödeme altyapısı üzerinden İran riyali cinsinden bakiye yükleyin. Kampanya bütçesi emanette tutulur ve yalnızca destekçiler doğrulanmış görevleri tamamladıkça harcanır.

Kampanyanız onaylandıktan sonra uygun destekçilere gösterilir ve sonuçlar gelmeye başlar. İlerlemeyi dilediğiniz zaman panelinizden takip edebilirsiniz.

## Destekçiler nasıl kazanır?

Destekçiler mevcut görevler arasından istediklerini seçer: bir videoyu belirli bir süre izlemek, bir gönderiyi beğenmek, konuyla ilgili bir yorum bırakmak ya da bir kanala abone olmak gibi. Her görevin ödülü başlamadan önce gösterilir. Görev tamamlanıp kontrol edildiğinde ödül Takapoo cüzdanınıza eklenir.

Kazanmaya başlamadan önce her destekçi, ulusal kimlik kartını yükleyerek kimliğini doğrular. Kazanılan ödüller, IBAN (Şeba) numarası aracılığıyla kendi adınıza kayıtlı bir İran banka hesabına çekilebilir. Çekim talebi onaylandıktan sonra ödeme 24 saat içinde yapılır.

## Etkileşim neden gerçek?

Sahte takipçiler ve bot trafiği bir kanala zarar verir: Platformlar bunları tespit edip siler, hatta hesabın kendisini cezalandırabilir. Takapoo, sizi bu riskten uzak tutmak için tasarlandı.

- Her destekçi, kimliği doğrulanmış ve yalnızca tek bir hesabı olan gerçek bir kişidir.
- Görevler gerçek sosyal medya hesaplarından, elle yapılır.
- Tamamlanan görevler kontrol edilir; sonradan geri alınan işlemler, örneğin kaldırılan bir beğeni ya da iptal edilen bir abonelik, ödenmez.
- Hile yapmaya çalışan hesaplar askıya alınır ve ödenmemiş ödüllerini kaybeder.

Sonuç olarak içeriğinizi gerçekten görmüş insanlardan gelen bir etkileşim elde edersiniz.

## Sözümüz

Her iki tarafın da Takapoo'ya gönül rahatlığıyla güvenebilmesini istiyoruz. İçerik üreticileri yalnızca doğrulanmış iş için ödeme yapar; kampanya bütçesinin kullanılmayan kısmı cüzdanlarına geri döner. Destekçiler her görevin ne kadar kazandıracağını önceden bilir ve paralarını hızla alır. Bir sorunuz olursa destek ekibimize her zaman iletişim sayfasından ulaşabilirsiniz.`,
  },
  {
    slug: "about",
    locale: "ar-AE",
    title: "عن تكابو",
    metaTitle: "عن تكابو: تفاعل حقيقي على وسائل التواصل الاجتماعي",
    metaDescription:
      "تكابو منصة تربط صنّاع المحتوى على يوتيوب وإنستغرام بأشخاص موثّقي الهوية يقدّمون إعجابات وتعليقات ومشاهدات واشتراكات حقيقية.",
    body: `## ما هو تكابو؟

تكابو سوق إلكترونية للتفاعل الحقيقي على وسائل التواصل الاجتماعي. في أحد طرفيها صنّاع المحتوى: أفراد وشركات يديرون قنوات على يوتيوب أو صفحات على إنستغرام، ويرغبون في أن يصل محتواهم إلى جمهور أوسع. وفي الطرف الآخر المعزّزون: أشخاص موثّقو الهوية يشاهدون المقاطع، ويُبدون إعجابهم بالمنشورات، ويكتبون التعليقات، ويشتركون في القنوات، ويتقاضون أجرًا عن كل مهمة ينجزونها. ويقف تكابو بين الطرفين، فيوصل الحملات إلى المعزّزين المناسبين، ويتحقق من العمل المنجز، وينقل الأموال بينهما بأمان تام.

واسم تكابو مأخوذ من كلمة فارسية تعني السعي الدؤوب والحركة النشيطة، وهذا بالضبط ما نريد أن نقدّمه لقناتك: أشخاص حقيقيون، ونشاط حقيقي، وزخم حقيقي.

## لمن صُمّم تكابو؟

- صنّاع المحتوى الذين يريدون مزيدًا من الإعجابات أو التعليقات أو المشاهدات أو المشتركين أو وقت المشاهدة على يوتيوب وإنستغرام، من حسابات حقيقية لا من برامج آلية.
- المعزّزون الذين يستخدمون وسائل التواصل يوميًا، ويرغبون في تحقيق دخل إضافي في أوقات فراغهم من خلال مهام بسيطة وواضحة.
- العلامات التجارية والوكالات التي تدير عدة صفحات، وتحتاج إلى وسيلة شفافة للترويج لمحتواها الجديد.

ويتوفر تكابو باللغات الفارسية والإنجليزية والتركية والعربية، ليستخدمه كل شخص باللغة التي يرتاح إليها.

## كيف يعمل تكابو في ثلاث خطوات؟

- أنشئ حسابًا ووثّق رقم هاتفك: سجّل برقم هاتفك المحمول، وأدخل الرمز الذي نرسله إليك في رسالة نصية. لا يستغرق الأمر أكثر من دقيقة.
- أنشئ حملة: اختر مقطع يوتيوب أو القناة أو منشور إنستغرام الذي تريد الترويج له، وحدّد نوع التفاعل وعدد العمليات المطلوبة.
- اشحن حسابك: اشحن محفظتك بالريال الإيراني عبر بوابة دفع آمنة. وتُحفظ ميزانية الحملة في حساب ضمان، ولا تُصرف إلا عندما ينجز المعزّزون مهام جرى التحقق منها.

بعد اعتماد حملتك تُعرض على المعزّزين المناسبين وتبدأ النتائج بالوصول، ويمكنك متابعة تقدّمها في أي وقت من لوحة التحكم الخاصة بك.

## كيف يكسب المعزّزون؟

يختار المعزّز ما يناسبه من قائمة المهام المتاحة، مثل مشاهدة مقطع لمدة محددة، أو الإعجاب بمنشور، أو كتابة تعليق ذي صلة، أو الاشتراك في قناة. وتظهر مكافأة كل مهمة قبل البدء بها، وبعد إنجازها والتحقق منها تُضاف المكافأة إلى محفظتك في تكابو.

وقبل البدء بالكسب، يوثّق كل معزّز هويته برفع صورة بطاقة الهوية الوطنية. ويمكن سحب المكافآت المكتسبة إلى حساب مصرفي إيراني باسمك عبر رقم الآيبان (شبا)، وبعد الموافقة على طلب السحب يُحوَّل المبلغ خلال 24 ساعة.

## لماذا التفاعل حقيقي؟

المتابعون الوهميون وزيارات البرامج الآلية تضرّ بالقناة، إذ تكتشفها المنصات وتحذفها، وقد تعاقب الحساب نفسه. وقد صُمّم تكابو ليُبعدك عن هذا الخطر.

- كل معزّز شخص حقيقي موثّق الهوية، ولديه حساب واحد فقط.
- تُنفَّذ المهام يدويًا من حسابات حقيقية على وسائل التواصل.
- يجري التحقق من المهام المنجزة، ولا يُدفع أجر عن أي إجراء يُتراجع عنه لاحقًا، كإلغاء الإعجاب أو إلغاء الاشتراك.
- تُعلَّق الحسابات التي تحاول الغش، وتفقد مكافآتها غير المدفوعة.

والنتيجة تفاعل يأتي من أشخاص شاهدوا محتواك فعلًا.

## التزامنا

نريد أن يثق الطرفان بتكابو. فصنّاع المحتوى لا يدفعون إلا مقابل عمل موثّق، ويعود ما لم يُستخدم من ميزانية الحملة إلى محافظهم. والمعزّزون يعرفون مسبقًا مكافأة كل مهمة ويتسلّمون أموالهم بسرعة. وإن كان لديك أي سؤال، ففريق الدعم لدينا في خدمتك دائمًا عبر صفحة «اتصل بنا».`,
  },

  // ---------------------------------------------------------------------------
  // terms
  // ---------------------------------------------------------------------------
  {
    slug: "terms",
    locale: "fa-IR",
    title: "قوانین و مقررات",
    metaTitle: "قوانین و مقررات استفاده از تکاپو",
    metaDescription:
      "قوانین استفاده از تکاپو: شرایط عضویت، امنیت حساب، تعهدات تولیدکنندگان محتوا و بوسترها، کیف پول و سقف برداشت، تعلیق حساب و قانون حاکم بر خدمات.",
    body: `## پذیرش قوانین

این قوانین، شرایط استفاده از وب‌سایت و خدمات تکاپو را تعیین می‌کند. با ساخت حساب کاربری یا استفاده از خدمات، تأیید می‌کنید که این قوانین را خوانده و پذیرفته‌اید. اگر با آن‌ها موافق نیستید، لطفاً از تکاپو استفاده نکنید.

## شرایط عضویت

- سن شما باید دست‌کم ۱۸ سال تمام باشد.
- هر شخص تنها مجاز به داشتن یک حساب کاربری است و حساب‌های تکراری ممکن است بدون اطلاع قبلی بسته شوند.
- برای ثبت‌نام به یک شماره موبایل فعال ایرانی نیاز دارید که با کد پیامکی تأیید می‌شود.
- اطلاعاتی که وارد می‌کنید باید درست، کامل و متعلق به خودتان باشد.

## امنیت حساب کاربری

مسئولیت همه فعالیت‌هایی که از طریق حساب شما انجام می‌شود بر عهده خود شماست. رمز عبور و کدهای تأیید را محرمانه نگه دارید و آن‌ها را در اختیار هیچ‌کس قرار ندهید، حتی کسی که خود را از کارکنان تکاپو معرفی می‌کند؛ ما هرگز چنین اطلاعاتی را از شما نمی‌خواهیم. اگر به دسترسی غیرمجاز مشکوک شدید، فوراً رمز عبور خود را تغییر دهید و موضوع را از طریق صفحه «تماس با ما» اطلاع دهید.

## تعهدات تولیدکنندگان محتوا

- فقط کانال‌ها، ویدیوها، صفحه‌ها و پست‌هایی را تبلیغ کنید که مالک آن‌ها هستید یا اجازه مدیریتشان را دارید.
- محتوای تبلیغ‌شده باید قانونی باشد و نباید شامل خشونت، نفرت‌پراکنی، کلاهبرداری، محتوای مستهجن یا هر چیزی باشد که حقوق دیگران را نقض می‌کند.
- رعایت قوانین و رهنمودهای یوتیوب و اینستاگرام الزامی است. تکاپو مسئولیتی در قبال تصمیم این پلتفرم‌ها درباره حساب شما ندارد.
- توضیحات کمپین و دستورالعمل‌های شما برای بوسترها باید دقیق باشد و هیچ درخواست غیرقانونی یا گمراه‌کننده‌ای در آن نباشد.

## تعهدات بوسترها

- پیش از کسب درآمد باید فرایند احراز هویت، از جمله بارگذاری تصویر کارت ملی، را کامل کنید.
- کارها باید به دست خود شما، به‌صورت دستی و از حساب‌های واقعی و فعال شبکه‌های اجتماعی انجام شوند.
- استفاده از ربات، اسکریپت، ابزارهای خودکار، حساب‌های جعلی یا خریداری‌شده و هر روش دیگری برای جعل فعالیت اکیداً ممنوع است.
- نباید کارهای انجام‌شده را بازگردانید؛ مانند برداشتن لایک، حذف کامنت یا لغو عضویت. برای کارهای بازگردانده‌شده پاداشی پرداخت نمی‌شود و ممکن است مبلغ آن از موجودی شما کسر شود.

## کیف پول، پاداش و برداشت

- مبلغ شارژشده در کیف پول فقط برای کمپین‌ها قابل استفاده است و قابل برداشت نیست. این قانون برای پیشگیری از کلاهبرداری با کارت‌های بانکی وضع شده است.
- پاداش‌های حاصل از انجام کارها به حساب بانکی به نام خودتان و با شماره شبا قابل برداشت است.
- مبلغ هر درخواست برداشت باید حداقل ۳٬۰۰۰٬۰۰۰ ریال و حداکثر ۱۰٬۰۰۰٬۰۰۰ ریال باشد.
- برداشت وجه تنها با داشتن طرح عضویت فعال امکان‌پذیر است.
- پاداش‌های جدید برای بررسی کارهای انجام‌شده مدتی نگهداری می‌شوند و پس از پایان این دوره قابل برداشت خواهند بود. مدت فعلی این دوره در کیف پول شما نمایش داده می‌شود.
- درخواست‌های برداشت تأییدشده ظرف ۲۴ ساعت پرداخت می‌شوند.
- در صورت کشف تقلب، سوءاستفاده یا نقض این قوانین، پاداش‌ها و موجودی مرتبط ضبط می‌شود.

## بررسی کمپین و بازگشت وجه

هر کمپین پیش از انتشار بررسی می‌شود و تکاپو می‌تواند هر کمپینی را که با این قوانین مغایرت داشته باشد رد یا متوقف کند. بودجه کمپین به‌صورت امانی نگهداری می‌شود و تنها بابت کارهای تأییدشده پرداخت می‌شود. هنگامی که کمپین به پایان برسد، لغو یا رد شود، بخش مصرف‌نشده مبلغ امانی به کیف پول شما بازمی‌گردد و تابع قوانین کیف پول خواهد بود.

## تعلیق و بستن حساب

تکاپو می‌تواند حساب هر کاربری را که این قوانین را نقض کند، اطلاعات نادرست ارائه دهد یا کاربران دیگر و خدمات را در معرض خطر قرار دهد محدود، تعلیق یا مسدود کند و در صورت امکان، دلیل آن را توضیح خواهد داد. شما نیز هر زمان بخواهید می‌توانید استفاده از تکاپو را متوقف کنید و درخواست بستن حساب خود را ثبت کنید.

## تغییر قوانین

ممکن است این قوانین را هر از گاهی به‌روزرسانی کنیم. آخرین نسخه همیشه در همین صفحه منتشر می‌شود و تغییرات مهم در وب‌سایت یا حساب کاربری اعلام می‌شود. ادامه استفاده از تکاپو پس از هر تغییر به معنای پذیرش قوانین به‌روزشده است.

## قانون حاکم

این مقررات تابع قوانین جمهوری اسلامی ایران است و هرگونه اختلاف بر اساس همین قوانین حل‌وفصل می‌شود.

## تماس با ما

اگر درباره این قوانین پرسشی دارید، می‌توانید آن را از طریق صفحه «تماس با ما» مطرح کنید.`,
  },
  {
    slug: "terms",
    locale: "en-US",
    title: "Terms of Service",
    metaTitle: "Terms of Service",
    metaDescription:
      "The rules for using Takapoo: eligibility, account security, campaigns, booster tasks, wallet and withdrawal limits, suspension and governing law.",
    body: `## Accepting these terms

These terms govern your use of the Takapoo website and services. By creating an account or using any part of the service, you confirm that you have read and accepted them. If you do not agree with them, please do not use Takapoo.

## Eligibility

- You must be at least 18 years old.
- Each person may hold only one account. Duplicate accounts may be closed without prior notice.
- You need an active Iranian mobile number, which is verified with an SMS code when you register.
- The information you provide must be accurate, complete and your own.

## Account security

You are responsible for everything that happens through your account. Keep your password and verification codes private and never share them with anyone, including people who claim to work for Takapoo; our staff will never ask for them. If you suspect unauthorized access, change your password right away and let us know through the contact page.

## Obligations of content producers

- You may only promote YouTube channels and videos, or Instagram pages and posts, that you own or are authorized to manage.
- Promoted content must be lawful and must not contain violence, hate speech, fraud, sexually explicit material or anything that infringes the rights of others.
- You must follow the terms of service and community guidelines of YouTube and Instagram. Takapoo is not responsible for any action a platform takes against your account.
- Campaign descriptions and instructions to boosters must be accurate and must not request anything illegal or misleading.

## Obligations of boosters

- You must complete identity verification, including uploading your national ID card, before you can earn rewards.
- Tasks must be carried out by you personally, by hand, from real and active social media accounts.
- Bots, scripts, automation tools, fake or purchased accounts and any other way of faking activity are strictly prohibited.
- You must not undo completed actions, for example by removing a like, deleting a comment or unsubscribing. Undone actions are not paid, and their value may be deducted from your balance.

## Wallet, rewards and withdrawals

- Money you add to your wallet can only be spent on campaigns and cannot be withdrawn. This rule protects users against bank card fraud.
- Rewards earned by completing tasks can be withdrawn to an Iranian bank account in your own name, using its IBAN (Sheba) number.
- Each withdrawal request must be for at least 3,000,000 Rials and no more than 10,000,000 Rials.
- Withdrawals require an active membership plan.
- New rewards are held for a retention period so that completed tasks can be checked, and become withdrawable once that period ends. The current retention period is shown in your wallet.
- Approved withdrawals are paid within 24 hours.
- If fraud, abuse or a breach of these terms is detected, the related rewards and balance are forfeited.

## Campaign review and refunds

Every campaign is reviewed before it goes live, and Takapoo may reject or stop any campaign that breaks these terms. A campaign's budget is held in escrow and is released only for verified tasks. When a campaign ends, is cancelled or is rejected, the unused part of the escrow is returned to your wallet and is then subject to the wallet rules above.

## Suspension and termination

Takapoo may restrict, suspend or close any account that breaks these terms, provides false information or puts other users or the service at risk. Where possible, we will explain the reason. You may also stop using Takapoo and ask us to close your account at any time.

## Changes to these terms

We may update these terms from time to time. The latest version is always published on this page, and significant changes are announced on the website or in your account. If you continue to use Takapoo after a change, you accept the updated terms.

## Governing law

These terms are governed by the laws of the Islamic Republic of Iran, and any dispute will be resolved in accordance with those laws.

## Contact

If you have any questions about these terms, please get in touch with us through the contact page.`,
  },
  {
    slug: "terms",
    locale: "tr-TR",
    title: "Kullanım Koşulları",
    metaTitle: "Kullanım Koşulları",
    metaDescription:
      "Takapoo kullanım kuralları: katılım şartları, hesap güvenliği, kampanyalar, destekçi görevleri, cüzdan ve çekim limitleri, askıya alma ve geçerli hukuk.",
    body: `## Koşulların kabulü

Bu koşullar, Takapoo web sitesini ve hizmetlerini kullanımınızı düzenler. Bir hesap oluşturarak ya da hizmetin herhangi bir bölümünü kullanarak bu koşulları okuduğunuzu ve kabul ettiğinizi onaylamış olursunuz. Koşulları kabul etmiyorsanız lütfen Takapoo'yu kullanmayın.

## Kimler kullanabilir?

- 18 yaşını doldurmuş olmanız gerekir.
- Her kişi yalnızca bir hesap açabilir. Mükerrer hesaplar önceden haber verilmeksizin kapatılabilir.
- Kayıt sırasında SMS koduyla doğrulanan, aktif bir İran cep telefonu numaranızın olması gerekir.
- Verdiğiniz bilgiler doğru, eksiksiz ve size ait olmalıdır.

## Hesap güvenliği

Hesabınız üzerinden yapılan her işlemden siz sorumlusunuz. Şifrenizi ve doğrulama kodlarınızı gizli tutun; Takapoo çalışanı olduğunu söyleyenler de dahil olmak üzere kimseyle paylaşmayın. Ekibimiz bu bilgileri hiçbir zaman sizden istemez. Hesabınıza izinsiz erişildiğinden şüpheleniyorsanız şifrenizi hemen değiştirin ve durumu iletişim sayfasından bize bildirin.

## İçerik üreticilerinin yükümlülükleri

- Yalnızca sahibi olduğunuz ya da yönetme yetkiniz bulunan YouTube kanallarını ve videolarını, Instagram sayfalarını ve gönderilerini tanıtabilirsiniz.
- Tanıtılan içerik hukuka uygun olmalı; şiddet, nefret söylemi, dolandırıcılık, müstehcenlik veya başkalarının haklarını ihlal eden herhangi bir unsur barındırmamalıdır.
- YouTube ve Instagram'ın kullanım şartlarına ve topluluk kurallarına uymanız gerekir. Bu platformların hesabınız hakkında aldığı kararlardan Takapoo sorumlu tutulamaz.
- Kampanya açıklamaları ve destekçilere verilen talimatlar doğru olmalı, yasa dışı ya da yanıltıcı hiçbir talep içermemelidir.

## Destekçilerin yükümlülükleri

- Ödül kazanmaya başlamadan önce, ulusal kimlik kartınızı yüklemek de dahil olmak üzere kimlik doğrulamasını tamamlamalısınız.
- Görevler bizzat sizin tarafınızdan, elle ve gerçek, aktif sosyal medya hesaplarından yapılmalıdır.
- Bot, betik, otomasyon araçları, sahte ya da satın alınmış hesaplar ve etkinlik taklidine yönelik her türlü yöntem kesinlikle yasaktır.
- Tamamladığınız işlemleri geri almamalısınız; beğeniyi kaldırmak, yorumu silmek ya da abonelikten çıkmak bu kapsamdadır. Geri alınan işlemler için ödeme yapılmaz ve tutarları bakiyenizden düşülebilir.

## Cüzdan, ödüller ve para çekme

- Cüzdanınıza yüklediğiniz bakiye yalnızca kampanyalarda harcanabilir ve çekilemez. Bu kural, kullanıcıları banka kartı dolandırıcılığına karşı korumak için konulmuştur.
- Görevlerden kazandığınız ödüller, IBAN (Şeba) numarası aracılığıyla kendi adınıza kayıtlı bir İran banka hesabına çekilebilir.
- Her çekim talebi en az 3.000.000, en fazla 10.000.000 İran riyali olmalıdır.
- Para çekebilmek için aktif bir üyelik planınızın bulunması gerekir.
- Yeni kazanılan ödüller, tamamlanan görevlerin kontrol edilebilmesi için bir bekleme süresi boyunca tutulur ve bu süre dolduğunda çekilebilir hale gelir. Güncel bekleme süresi cüzdanınızda gösterilir.
- Onaylanan çekim talepleri 24 saat içinde ödenir.
- Hile, kötüye kullanım veya bu koşulların ihlali tespit edilirse ilgili ödüller ve bakiye üzerindeki tüm haklar kaybedilir.

## Kampanya incelemesi ve iadeler

Her kampanya yayına alınmadan önce incelenir ve Takapoo, bu koşullara aykırı kampanyaları reddetme veya durdurma hakkını saklı tutar. Kampanya bütçesi emanette tutulur ve yalnızca doğrulanmış görevler karşılığında ödenir. Kampanya sona erdiğinde, iptal edildiğinde ya da reddedildiğinde emanetteki kullanılmayan tutar cüzdanınıza iade edilir ve yukarıdaki cüzdan kurallarına tabi olur.

## Askıya alma ve hesabın kapatılması

Takapoo, bu koşulları ihlal eden, yanlış bilgi veren ya da diğer kullanıcıları veya hizmeti riske atan hesapları kısıtlayabilir, askıya alabilir veya kapatabilir. Mümkün olduğunda bunun gerekçesini açıklarız. Siz de dilediğiniz zaman Takapoo'yu kullanmayı bırakabilir ve hesabınızın kapatılmasını talep edebilirsiniz.

## Koşullarda yapılacak değişiklikler

Bu koşulları zaman zaman güncelleyebiliriz. En güncel sürüm her zaman bu sayfada yayımlanır; önemli değişiklikler web sitesinde veya hesabınız üzerinden duyurulur. Bir değişiklikten sonra Takapoo'yu kullanmaya devam etmeniz, güncellenmiş koşulları kabul ettiğiniz anlamına gelir.

## Uygulanacak hukuk

Bu koşullar İran İslam Cumhuriyeti kanunlarına tabidir ve doğabilecek her türlü uyuşmazlık bu kanunlar çerçevesinde çözülür.

## İletişim

Bu koşullarla ilgili sorularınız için iletişim sayfasından bize ulaşabilirsiniz.`,
  },
  {
    slug: "terms",
    locale: "ar-AE",
    title: "الشروط والأحكام",
    metaTitle: "شروط وأحكام استخدام تكابو",
    metaDescription:
      "قواعد استخدام تكابو: شروط الأهلية، وأمان الحساب، والتزامات صنّاع المحتوى والمعزّزين، وقواعد المحفظة وحدود السحب، وتعليق الحسابات والقانون الحاكم.",
    body: `## قبول الشروط

تنظّم هذه الشروط استخدامك لموقع تكابو وخدماته. وبإنشائك حسابًا أو استخدامك أي جزء من الخدمة، فإنك تقرّ بأنك قرأت هذه الشروط ووافقت عليها. وإن كنت لا توافق عليها، فيُرجى عدم استخدام تكابو.

## الأهلية

- يجب ألا يقل عمرك عن 18 عامًا.
- لا يحق للشخص الواحد امتلاك أكثر من حساب واحد، ويجوز إغلاق الحسابات المكررة دون إشعار مسبق.
- يلزم للتسجيل رقم هاتف محمول إيراني فعّال، يجري توثيقه برمز يُرسل إليك في رسالة نصية.
- يجب أن تكون المعلومات التي تقدّمها صحيحة وكاملة وخاصة بك.

## أمان الحساب

أنت مسؤول عن كل ما يجري عبر حسابك. لذا احتفظ بكلمة المرور ورموز التحقق سرًّا، ولا تشاركها مع أي شخص، حتى لو ادّعى أنه من فريق تكابو؛ فموظفونا لا يطلبون هذه المعلومات أبدًا. وإذا اشتبهت في دخول غير مصرّح به إلى حسابك، فغيّر كلمة المرور فورًا وأبلغنا عبر صفحة «اتصل بنا».

## التزامات صنّاع المحتوى

- لا يجوز لك الترويج إلا لقنوات يوتيوب ومقاطعها، أو صفحات إنستغرام ومنشوراتها، التي تملكها أو المخوَّل بإدارتها.
- يجب أن يكون المحتوى المروَّج له مشروعًا، وألا يتضمن عنفًا أو خطاب كراهية أو احتيالًا أو محتوى إباحيًا أو أي شيء ينتهك حقوق الآخرين.
- يجب الالتزام بشروط استخدام يوتيوب وإنستغرام وإرشادات مجتمعهما، ولا يتحمل تكابو مسؤولية أي إجراء تتخذه أيٌّ من المنصتين بحق حسابك.
- يجب أن تكون أوصاف الحملات والتعليمات الموجّهة إلى المعزّزين دقيقة، وألا تتضمن أي طلب مخالف للقانون أو مضلِّل.

## التزامات المعزّزين

- يجب إتمام توثيق الهوية، بما في ذلك رفع صورة بطاقة الهوية الوطنية، قبل البدء بكسب المكافآت.
- يجب أن تنفّذ المهام بنفسك ويدويًا، ومن حسابات حقيقية ونشطة على وسائل التواصل الاجتماعي.
- يُحظر تمامًا استخدام البرامج الآلية أو النصوص البرمجية أو أدوات الأتمتة أو الحسابات الوهمية أو المشتراة، وأي وسيلة أخرى لاصطناع النشاط.
- لا يجوز التراجع عن الإجراءات المنجزة، كإزالة الإعجاب أو حذف التعليق أو إلغاء الاشتراك. ولا يُدفع أجر عن الإجراءات التي يُتراجع عنها، وقد تُخصم قيمتها من رصيدك.

## المحفظة والمكافآت والسحب

- المبالغ التي تشحن بها محفظتك مخصّصة للإنفاق على الحملات فقط ولا يمكن سحبها، وقد وُضعت هذه القاعدة لحماية المستخدمين من الاحتيال بالبطاقات المصرفية.
- يمكن سحب المكافآت المكتسبة من إنجاز المهام إلى حساب مصرفي إيراني باسمك، عبر رقم الآيبان (شبا).
- يجب ألا تقل قيمة طلب السحب الواحد عن 3,000,000 ريال، وألا تزيد على 10,000,000 ريال.
- يُشترط للسحب امتلاك خطة عضوية فعّالة.
- تُحتجز المكافآت الجديدة خلال فترة انتظار تتيح التحقق من المهام المنجزة، ثم تصبح قابلة للسحب بعد انقضائها. وتظهر المدة المعمول بها حاليًا في محفظتك.
- تُدفع طلبات السحب الموافق عليها خلال 24 ساعة.
- عند اكتشاف احتيال أو إساءة استخدام أو مخالفة لهذه الشروط، تُصادَر المكافآت والأرصدة المرتبطة بها.

## مراجعة الحملات واسترداد المبالغ

تخضع كل حملة للمراجعة قبل نشرها، ويحق لتكابو رفض أي حملة تخالف هذه الشروط أو إيقافها. وتُحفظ ميزانية الحملة في حساب ضمان، ولا تُصرف إلا مقابل مهام جرى التحقق منها. وعند انتهاء الحملة أو إلغائها أو رفضها، يُعاد الجزء غير المستخدم من مبلغ الضمان إلى محفظتك، ويخضع لقواعد المحفظة المذكورة أعلاه.

## تعليق الحساب وإغلاقه

يحق لتكابو تقييد أي حساب أو تعليقه أو إغلاقه إذا خالف صاحبه هذه الشروط، أو قدّم معلومات غير صحيحة، أو عرّض المستخدمين الآخرين أو الخدمة للخطر، وسنوضح السبب متى أمكن ذلك. ويمكنك أنت أيضًا التوقف عن استخدام تكابو وطلب إغلاق حسابك في أي وقت.

## تعديل الشروط

قد نحدّث هذه الشروط من حين لآخر. وتُنشر أحدث نسخة منها دائمًا في هذه الصفحة، ويُعلَن عن التغييرات المهمة عبر الموقع أو في حسابك. ويُعدّ استمرارك في استخدام تكابو بعد أي تعديل قبولًا منك للشروط المحدّثة.

## القانون الحاكم

تخضع هذه الشروط لقوانين الجمهورية الإسلامية الإيرانية، ويُفصل في أي نزاع ينشأ عنها وفقًا لهذه القوانين.

## التواصل معنا

إذا كانت لديك أي أسئلة حول هذه الشروط، فيسعدنا تواصلك معنا عبر صفحة «اتصل بنا».`,
  },

  // ---------------------------------------------------------------------------
  // privacy
  // ---------------------------------------------------------------------------
  {
    slug: "privacy",
    locale: "fa-IR",
    title: "سیاست حریم خصوصی",
    metaTitle: "سیاست حریم خصوصی و حفاظت از اطلاعات کاربران",
    metaDescription:
      "تکاپو چه اطلاعاتی از شما جمع‌آوری می‌کند، چرا و با چه کسانی به اشتراک می‌گذارد و چگونه از شماره موبایل، مدارک هویتی و اطلاعات بانکی‌تان محافظت می‌کند.",
    body: `## مقدمه

حریم خصوصی شما برای ما اهمیت دارد. این سند توضیح می‌دهد که تکاپو چه اطلاعات شخصی‌ای از شما جمع‌آوری می‌کند، به چه منظوری از آن استفاده می‌کند، آن را با چه کسانی به اشتراک می‌گذارد و شما چه حقوقی دارید. با استفاده از تکاپو، با پردازش اطلاعاتتان به شیوه‌ای که در این سند آمده است موافقت می‌کنید.

## اطلاعاتی که جمع‌آوری می‌کنیم

- نام و نام خانوادگی
- شماره موبایل، که شناسه اصلی ورود شما به حساب کاربری است
- نشانی ایمیل، در صورتی که آن را وارد کنید
- کد ملی و تاریخ تولد
- نام بانک و شماره شبا، برای پرداخت پاداش‌ها
- تصویر کارت ملی، که هنگام احراز هویت بارگذاری می‌کنید
- نشانی IP و کشوری که این نشانی به آن تعلق دارد
- کوکی‌ها و داده‌های مشابهی که روی دستگاه شما ذخیره می‌شوند

علاوه بر این، سوابق کمپین‌ها، کارها، تراکنش‌های کیف پول و درخواست‌های برداشت شما را نگهداری می‌کنیم، زیرا ارائه خدمات بدون آن‌ها ممکن نیست.

## چرا از اطلاعات شما استفاده می‌کنیم؟

- ساخت و مدیریت حساب کاربری و فراهم کردن امکان ورود به آن
- احراز هویت و پیشگیری از تقلب، حساب‌های تکراری و سوءاستفاده
- پردازش پرداخت‌ها، واریز پاداش‌ها و انتقال وجه برداشت‌ها به حساب بانکی شما
- اطلاع‌رسانی درباره حساب، کمپین‌ها و تغییرات مهم
- انجام تکالیف قانونی و پاسخ به درخواست‌های قانونی مراجع ذی‌صلاح

## کدهای تأیید پیامکی

هنگام ثبت‌نام، ورود یا تأیید عملیات حساس، یک کد یک‌بارمصرف از طریق پیامک به شماره موبایل شما ارسال می‌کنیم. این کد تنها برای مدت کوتاهی معتبر است و فقط یک بار قابل استفاده است. هرگز آن را در اختیار کسی قرار ندهید؛ کارکنان تکاپو هیچ‌گاه این کد را از شما نمی‌خواهند.

## کوکی‌ها

- کوکی زبان: زبانی را که برای رابط کاربری انتخاب کرده‌اید به خاطر می‌سپارد و ۳۶۵ روز نگهداری می‌شود.
- کوکی‌های نشست: شما را در حساب کاربری وارد نگه می‌دارند و از نشست شما محافظت می‌کنند. این کوکی‌ها با خروج از حساب یا پایان اعتبار نشست حذف می‌شوند.

ما از کوکی‌ها برای فروش تبلیغات استفاده نمی‌کنیم. می‌توانید کوکی‌ها را از تنظیمات مرورگر خود پاک کنید، اما ممکن است برخی بخش‌های سایت بدون آن‌ها به‌درستی کار نکنند.

## اطلاعات را با چه کسانی به اشتراک می‌گذاریم؟

- درگاه‌های پرداخت، برای انجام شارژ کیف پول
- ارائه‌دهنده خدمات پیامک، برای ارسال کدهای تأیید و اطلاعیه‌ها
- بانک‌ها، برای واریز وجه برداشت به حساب شما
- مراجع ذی‌صلاح، در مواردی که قانون الزام کند

ما هرگز اطلاعات شخصی شما را نمی‌فروشیم و به هر یک از این طرف‌ها تنها همان اطلاعاتی را می‌دهیم که برای انجام کارشان لازم است.

## مدت نگهداری اطلاعات

اطلاعات شما تا زمانی که حسابتان فعال است نگهداری می‌شود. پس از بسته شدن حساب، تنها سوابقی را نگه می‌داریم که طبق قانون موظف به نگهداری آن‌ها هستیم، مانند تراکنش‌های مالی، یا برای پیشگیری از تقلب به آن‌ها نیاز داریم؛ آن هم نه بیش از مدت لازم. سایر اطلاعات حذف یا بی‌نام می‌شوند.

## حفاظت از اطلاعات

- ارتباط شما با تکاپو به‌صورت رمزنگاری‌شده برقرار می‌شود.
- رمزهای عبور تنها به‌صورت هش‌شده ذخیره می‌شوند و هرگز به شکل متن ساده نگهداری نمی‌شوند.
- مدارک هویتی و اطلاعات بانکی فقط در دسترس کارکنان مجازی است که برای انجام وظایفشان به آن‌ها نیاز دارند.
- تدابیر امنیتی خود را به‌طور منظم بازبینی می‌کنیم.

## حقوق شما

- دسترسی: می‌توانید اطلاعات شخصی ذخیره‌شده در حساب خود را مشاهده کنید.
- اصلاح: می‌توانید اطلاعات نادرست یا قدیمی را به‌روز کنید یا از ما بخواهید این کار را انجام دهیم.
- حذف: می‌توانید درخواست حذف حساب و اطلاعات شخصی خود را ثبت کنید؛ به استثنای سوابقی که طبق قانون باید نگهداری شوند.

برای استفاده از هر یک از این حقوق، از طریق صفحه «تماس با ما» اقدام کنید. ممکن است پیش از رسیدگی به درخواست، از شما بخواهیم هویت خود را تأیید کنید.

## تغییرات و تماس با ما

ممکن است این سیاست را هر از گاهی به‌روزرسانی کنیم و آخرین نسخه آن همیشه در همین صفحه منتشر می‌شود. اگر پرسشی دارید، می‌توانید آن را از طریق صفحه «تماس با ما» مطرح کنید.`,
  },
  {
    slug: "privacy",
    locale: "en-US",
    title: "Privacy Policy",
    metaTitle: "Privacy Policy: How We Protect Your Data",
    metaDescription:
      "How Takapoo collects, uses, shares and protects your personal data, including your mobile number, identity documents, bank details and cookies.",
    body: `## Introduction

Your privacy matters to us. This policy explains what personal data Takapoo collects, why we collect it, who we share it with and what rights you have. By using Takapoo, you agree to your data being processed as described here.

## Data we collect

- Your first and last name.
- Your mobile number, which is your main sign-in identifier.
- Your e-mail address, if you choose to provide one.
- Your national ID number and date of birth.
- Your bank name and IBAN (Sheba) number, so that we can pay out your rewards.
- An image of your national ID card, uploaded during identity verification.
- Your IP address and the country it is associated with.
- Cookies and similar data stored on your device.

We also keep records of your campaigns, tasks, wallet transactions and withdrawal requests, because the service cannot run without them.

## Why we use your data

- To create and manage your account and let you sign in.
- To verify your identity and prevent fraud, duplicate accounts and abuse.
- To process payments, credit rewards and send withdrawals to your bank account.
- To contact you about your account, your campaigns and important changes.
- To meet our legal obligations and respond to lawful requests from the competent authorities.

## SMS verification codes

When you register, sign in or confirm a sensitive action, we send a one-time code to your mobile phone by SMS. The code is valid for a short time and can be used only once. Never share it with anyone; Takapoo staff will never ask you for it.

## Cookies

- Language cookie: remembers the interface language you chose and is kept for 365 days.
- Session cookies: keep you signed in and protect your session. They are deleted when you sign out or when your session expires.

We do not use cookies to sell advertising. You can delete cookies in your browser settings, but some parts of the site may not work properly without them.

## Who we share data with

- Payment gateways, to process top-ups to your wallet.
- Our SMS provider, to deliver verification codes and notifications.
- Banks, to transfer your withdrawals to your account.
- The competent authorities, when the law requires it.

We never sell your personal data, and we share with each partner only what it needs to do its job.

## How long we keep data

We keep your data for as long as your account is active. After an account is closed, we keep only the records we are legally required to retain, such as financial transactions, or that we need to prevent fraud, and no longer than necessary. All other data is deleted or anonymized.

## How we protect your data

- Your connection to Takapoo is encrypted.
- Passwords are stored only as secure hashes, never in plain text.
- Identity documents and bank details can be accessed only by authorized staff who need them for their work.
- We review our security measures regularly.

## Your rights

- Access: you can view the personal data stored in your account.
- Correction: you can update information that is wrong or out of date, or ask us to do it for you.
- Deletion: you can ask us to delete your account and personal data, except for records we are required by law to keep.

To exercise any of these rights, contact us through the contact page. We may ask you to confirm your identity before we act on your request.

## Changes and contact

We may update this policy from time to time, and the latest version will always be published on this page. If you have any questions, please get in touch with us through the contact page.`,
  },
  {
    slug: "privacy",
    locale: "tr-TR",
    title: "Gizlilik Politikası",
    metaTitle: "Gizlilik Politikası: Verilerinizi Nasıl Koruyoruz?",
    metaDescription:
      "Takapoo hangi kişisel verileri neden topluyor, kimlerle paylaşıyor; telefon numaranızı, kimlik belgelerinizi ve banka bilgilerinizi nasıl koruyor?",
    body: `## Giriş

Gizliliğiniz bizim için önemlidir. Bu politika, Takapoo'nun hangi kişisel verileri topladığını, bunları neden kullandığını, kimlerle paylaştığını ve hangi haklara sahip olduğunuzu açıklar. Takapoo'yu kullanarak verilerinizin burada anlatıldığı şekilde işlenmesini kabul etmiş olursunuz.

## Topladığımız veriler

- Adınız ve soyadınız
- Hesabınıza girişte temel tanımlayıcı olarak kullanılan cep telefonu numaranız
- Paylaşmanız halinde e-posta adresiniz
- Ulusal kimlik numaranız ve doğum tarihiniz
- Ödüllerinizi ödeyebilmemiz için banka adınız ve IBAN (Şeba) numaranız
- Kimlik doğrulaması sırasında yüklediğiniz ulusal kimlik kartı görüntüsü
- IP adresiniz ve bu adresin ilişkili olduğu ülke
- Cihazınızda saklanan çerezler ve benzeri veriler

Bunlara ek olarak kampanyalarınızın, görevlerinizin, cüzdan hareketlerinizin ve çekim taleplerinizin kayıtlarını da tutarız; çünkü hizmet bu kayıtlar olmadan işleyemez.

## Verilerinizi neden kullanıyoruz?

- Hesabınızı oluşturmak, yönetmek ve oturum açmanızı sağlamak
- Kimliğinizi doğrulamak; dolandırıcılığı, mükerrer hesapları ve kötüye kullanımı önlemek
- Ödemeleri işlemek, ödülleri hesabınıza eklemek ve çekim tutarlarını banka hesabınıza aktarmak
- Hesabınız, kampanyalarınız ve önemli değişiklikler hakkında sizinle iletişime geçmek
- Yasal yükümlülüklerimizi yerine getirmek ve yetkili makamların hukuka uygun taleplerine yanıt vermek

## SMS doğrulama kodları

Kayıt olurken, giriş yaparken veya hassas bir işlemi onaylarken cep telefonunuza SMS ile tek kullanımlık bir kod göndeririz. Bu kod kısa bir süre için geçerlidir ve yalnızca bir kez kullanılabilir. Kodu kimseyle paylaşmayın; Takapoo çalışanları bu kodu sizden asla istemez.

## Çerezler

- Dil çerezi: Seçtiğiniz arayüz dilini hatırlar ve 365 gün boyunca saklanır.
- Oturum çerezleri: Oturumunuzun açık kalmasını sağlar ve oturumunuzu korur. Çıkış yaptığınızda veya oturumunuzun süresi dolduğunda silinir.

Çerezleri reklam satmak için kullanmıyoruz. Çerezleri tarayıcınızın ayarlarından silebilirsiniz; ancak bu durumda sitenin bazı bölümleri düzgün çalışmayabilir.

## Verileri kimlerle paylaşıyoruz?

- Cüzdan yüklemelerini gerçekleştirmek için ödeme altyapısı sağlayıcıları
- Doğrulama kodlarını ve bildirimleri iletmek için SMS hizmet sağlayıcımız
- Çekim tutarlarını hesabınıza aktarmak için bankalar
- Kanunen zorunlu olduğu durumlarda yetkili makamlar

Kişisel verilerinizi asla satmayız ve her iş ortağıyla yalnızca işini yapabilmesi için gereken bilgiyi paylaşırız.

## Verileri ne kadar süre saklıyoruz?

Verileriniz, hesabınız aktif olduğu sürece saklanır. Hesabınız kapatıldıktan sonra yalnızca finansal işlemler gibi kanunen saklamakla yükümlü olduğumuz ya da dolandırıcılığı önlemek için ihtiyaç duyduğumuz kayıtları, gerekli süreyi aşmamak kaydıyla tutarız. Diğer tüm veriler silinir veya anonim hale getirilir.

## Verilerinizi nasıl koruyoruz?

- Takapoo ile cihazınız arasındaki bağlantı şifreli olarak kurulur.
- Şifreler hiçbir zaman düz metin olarak değil, yalnızca güvenli özet (hash) değerleri olarak saklanır.
- Kimlik belgelerine ve banka bilgilerine yalnızca görevi gereği bunlara ihtiyaç duyan yetkili personel erişebilir.
- Güvenlik önlemlerimizi düzenli olarak gözden geçiririz.

## Haklarınız

- Erişim: Hesabınızda kayıtlı kişisel verilerinizi görüntüleyebilirsiniz.
- Düzeltme: Yanlış veya güncelliğini yitirmiş bilgileri kendiniz güncelleyebilir ya da bunu bizden talep edebilirsiniz.
- Silme: Kanunen saklamamız gereken kayıtlar hariç olmak üzere, hesabınızın ve kişisel verilerinizin silinmesini talep edebilirsiniz.

Bu haklarınızı kullanmak için iletişim sayfasından bize ulaşın. Talebinizi işleme almadan önce kimliğinizi doğrulamanızı isteyebiliriz.

## Değişiklikler ve iletişim

Bu politikayı zaman zaman güncelleyebiliriz; en güncel sürüm her zaman bu sayfada yer alır. Sorularınız için iletişim sayfasından bize ulaşabilirsiniz.`,
  },
  {
    slug: "privacy",
    locale: "ar-AE",
    title: "سياسة الخصوصية",
    metaTitle: "سياسة الخصوصية وحماية البيانات",
    metaDescription:
      "تعرّف على البيانات الشخصية التي يجمعها تكابو وأسباب جمعها والجهات التي يشاركها معها، وكيف يحمي رقم هاتفك ووثائق هويتك وبياناتك المصرفية.",
    body: `## مقدمة

نولي خصوصيتك أهمية كبيرة. وتوضّح هذه السياسة البيانات الشخصية التي يجمعها تكابو، والغرض من استخدامها، والجهات التي نشاركها معها، والحقوق التي تتمتع بها. وباستخدامك تكابو فإنك توافق على معالجة بياناتك على النحو المبيّن هنا.

## البيانات التي نجمعها

- الاسم الأول واسم العائلة.
- رقم الهاتف المحمول، وهو المعرّف الأساسي لتسجيل دخولك.
- عنوان البريد الإلكتروني، إن اخترت تقديمه.
- رقم الهوية الوطنية وتاريخ الميلاد.
- اسم المصرف ورقم الآيبان (شبا)، لصرف مكافآتك.
- صورة بطاقة الهوية الوطنية التي ترفعها أثناء توثيق الهوية.
- عنوان IP والبلد المرتبط به.
- ملفات تعريف الارتباط (الكوكيز) والبيانات المماثلة المخزّنة على جهازك.

كما نحتفظ بسجلات حملاتك ومهامك ومعاملات محفظتك وطلبات السحب، لأن الخدمة لا تعمل من دونها.

## لماذا نستخدم بياناتك؟

- لإنشاء حسابك وإدارته وتمكينك من تسجيل الدخول.
- للتحقق من هويتك ومنع الاحتيال والحسابات المكررة وإساءة الاستخدام.
- لمعالجة المدفوعات وإضافة المكافآت وتحويل مبالغ السحب إلى حسابك المصرفي.
- للتواصل معك بشأن حسابك وحملاتك والتغييرات المهمة.
- للوفاء بالتزاماتنا القانونية والاستجابة للطلبات المشروعة من الجهات المختصة.

## رموز التحقق عبر الرسائل النصية

عند التسجيل أو تسجيل الدخول أو تأكيد أي إجراء حساس، نرسل إلى هاتفك المحمول رمزًا صالحًا لمرة واحدة في رسالة نصية. ويظل هذا الرمز صالحًا لمدة قصيرة، ولا يمكن استخدامه إلا مرة واحدة. لا تشاركه مع أي شخص أبدًا؛ فموظفو تكابو لن يطلبوه منك مطلقًا.

## ملفات تعريف الارتباط

- ملف تعريف ارتباط اللغة: يتذكر لغة الواجهة التي اخترتها، ويُحتفظ به لمدة 365 يومًا.
- ملفات تعريف ارتباط الجلسة: تُبقيك مسجَّل الدخول وتحمي جلستك، وتُحذف عند تسجيل الخروج أو انتهاء صلاحية الجلسة.

لا نستخدم ملفات تعريف الارتباط لبيع الإعلانات. ويمكنك حذفها من إعدادات متصفحك، غير أن بعض أجزاء الموقع قد لا تعمل بشكل صحيح من دونها.

## مع من نشارك البيانات؟

- بوابات الدفع، لإتمام عمليات شحن المحفظة.
- مزوّد خدمة الرسائل النصية، لإرسال رموز التحقق والإشعارات.
- المصارف، لتحويل مبالغ السحب إلى حسابك.
- الجهات المختصة، عندما يقتضي القانون ذلك.

لا نبيع بياناتك الشخصية أبدًا، ولا نشارك مع أي جهة إلا ما تحتاج إليه لأداء عملها.

## مدة الاحتفاظ بالبيانات

نحتفظ ببياناتك ما دام حسابك نشطًا. وبعد إغلاق الحساب، لا نحتفظ إلا بالسجلات التي يُلزمنا القانون بالاحتفاظ بها، كالمعاملات المالية، أو التي نحتاج إليها لمنع الاحتيال، ولمدة لا تتجاوز الحاجة. أما بقية البيانات فتُحذف أو تُجرَّد مما يدل على هوية صاحبها.

## كيف نحمي بياناتك؟

- يجري تشفير الاتصال بين جهازك وتكابو.
- لا تُخزَّن كلمات المرور إلا في صورة قيم تجزئة آمنة، ولا تُحفظ أبدًا كنص صريح.
- لا يطّلع على وثائق الهوية والبيانات المصرفية إلا الموظفون المخوَّلون الذين يحتاجون إليها لأداء مهامهم.
- نراجع إجراءاتنا الأمنية بانتظام.

## حقوقك

- حق الاطلاع: يمكنك عرض البيانات الشخصية المخزّنة في حسابك.
- حق التصحيح: يمكنك تحديث المعلومات غير الصحيحة أو القديمة بنفسك، أو أن تطلب منا ذلك.
- حق الحذف: يمكنك طلب حذف حسابك وبياناتك الشخصية، باستثناء السجلات التي يُلزمنا القانون بالاحتفاظ بها.

لممارسة أي من هذه الحقوق، تواصل معنا عبر صفحة «اتصل بنا»، وقد نطلب منك تأكيد هويتك قبل معالجة طلبك.

## التعديلات والتواصل

قد نحدّث هذه السياسة من حين لآخر، وتُنشر أحدث نسخة منها دائمًا في هذه الصفحة. وإن كانت لديك أي أسئلة، فتواصل معنا عبر صفحة «اتصل بنا».`,
  },
];
